import { describe, test } from "vitest";
import { HttpError } from "./http-error.ts";
import { RouteTable } from "./route-table.ts";

const table = new RouteTable([
  { method: "GET", pattern: "/search", name: "list" },
  { method: "POST", pattern: "/search", name: "create" },
  { method: "GET", pattern: "/search/stats", name: "global stats" },
  { method: "GET", pattern: "/search/{id}", name: "get" },
  { method: "DELETE", pattern: "/search/{id}", name: "delete" },
  { method: "DELETE", pattern: "/backup/{id}/{backup_id}", name: "delete backup" },
]);

describe("RouteTable", () => {
  test("the first matching entry wins: a literal listed before a parameter takes its path", ({
    expect,
  }) => {
    expect(table.lookup({ method: "GET", path: "/search/stats" })).toMatchObject({
      kind: "found",
      route: { name: "global stats" },
      params: {},
    });
    expect(table.lookup({ method: "GET", path: "/search/abc" })).toMatchObject({
      kind: "found",
      route: { name: "get" },
      params: { id: "abc" },
    });
  });

  test("parameters are percent-decoded, one segment each", ({ expect }) => {
    expect(table.lookup({ method: "DELETE", path: "/backup/a%2Fb/%C3%A4" })).toEqual({
      kind: "found",
      route: { method: "DELETE", pattern: "/backup/{id}/{backup_id}", name: "delete backup" },
      params: { id: "a/b", backup_id: "ä" },
    });
    // An empty segment is no parameter
    expect(table.lookup({ method: "GET", path: "/search/" })).toEqual({ kind: "not-found" });
  });

  test("a path served under other methods is a 405 naming them in table order", ({ expect }) => {
    expect(table.lookup({ method: "PUT", path: "/search/abc" })).toEqual({
      kind: "method-not-allowed",
      allowed: ["GET", "DELETE"],
    });
    expect(table.lookup({ method: "PATCH", path: "/search" })).toEqual({
      kind: "method-not-allowed",
      allowed: ["GET", "POST"],
    });
  });

  test("HEAD matches GET routes; a path nothing serves is a 404", ({ expect }) => {
    expect(table.lookup({ method: "HEAD", path: "/search" })).toMatchObject({
      kind: "found",
      route: { name: "list" },
    });
    expect(table.lookup({ method: "GET", path: "/nothing/here" })).toEqual({ kind: "not-found" });
    expect(table.lookup({ method: "GET", path: "/" })).toEqual({ kind: "not-found" });
  });

  test("a segment that is not valid percent-encoding is a 400", ({ expect }) => {
    let thrown: unknown;
    try {
      table.lookup({ method: "GET", path: "/search/%E0%A4%A" });
    } catch (error: unknown) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toMatchObject({
      status: 400,
      message: "Invalid percent-encoding in path segment '%E0%A4%A'",
    });
  });
});
