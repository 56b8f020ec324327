import { describe, test } from "vitest";
import { EmulatorError } from "../../errors.ts";
import { describeRedisTarget, parseRedisUrl, redactRedisUrl } from "./redis-url.ts";

describe("parseRedisUrl", () => {
  test.for([
    [
      "redis://localhost",
      {
        host: "localhost",
        port: 6379,
        isTls: false,
        username: undefined,
        password: undefined,
        db: 0,
      },
    ],
    [
      "redis://:s%40cret@10.0.0.5:6380/3",
      {
        host: "10.0.0.5",
        port: 6380,
        isTls: false,
        username: undefined,
        password: "s@cret",
        db: 3,
      },
    ],
    [
      "rediss://alice:pw@cache.example.com:6390/0",
      {
        host: "cache.example.com",
        port: 6390,
        isTls: true,
        username: "alice",
        password: "pw",
        db: 0,
      },
    ],
    [
      "redis://[::1]:7000/",
      { host: "::1", port: 7000, isTls: false, username: undefined, password: undefined, db: 0 },
    ],
  ] as const)("%s", ([url, target], { expect }) => {
    expect(parseRedisUrl(url)).toEqual(target);
  });

  test.for([
    ["http://localhost:6379", "the scheme must be redis: or rediss:, not http:"],
    ["redis://", "the host is missing"],
    ["redis://localhost:99999", "not a valid URL"],
    ["redis://localhost/zero", "the path must be a database number, not /zero"],
    ["redis://localhost/1/2", "the path must be a database number, not /1/2"],
    ["redis://localhost/99999999999", "database 99999999999 is out of range"],
    ["redis://localhost?db=1", "query parameters and fragments are not supported"],
    ["redis://alice@localhost", "a user name needs a password"],
    ["redis://:%E0%A4%A@localhost", "the password is badly percent-encoded"],
  ] as const)("rejects %s", ([url, problem], { expect }) => {
    let caught: unknown;
    try {
      parseRedisUrl(url);
    } catch (error: unknown) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EmulatorError);
    expect((caught as EmulatorError).code).toBe("ERR_INVALID_OPTIONS");
    expect((caught as EmulatorError).message).toContain(problem);
    expect((caught as EmulatorError).message).toContain(
      "redis://[[user]:password@]host[:port][/db]",
    );
  });

  test("never quotes the password in its errors", ({ expect }) => {
    expect(() => parseRedisUrl("redis://bob:hunter2@localhost/x")).toThrow(
      "--redis-url redis://bob:***@localhost/x: the path must be a database number, not /x",
    );
  });
});

test("redactRedisUrl and describeRedisTarget hide credentials", ({ expect }) => {
  expect(redactRedisUrl("redis://:pw@host:1/2")).toBe("redis://:***@host:1/2");
  expect(redactRedisUrl("redis://host:1")).toBe("redis://host:1");
  expect(describeRedisTarget(parseRedisUrl("rediss://u:p@[::1]:7000/4"))).toBe(
    "rediss://[::1]:7000/4",
  );
});
