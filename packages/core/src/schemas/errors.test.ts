import { describe, test } from "vitest";
import { z } from "zod";
import { ErrorBodySchema, formatZodIssue, VectorErrorBodySchema } from "./errors.ts";

function issueOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) {
    throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  }
  return formatZodIssue(result.error, value);
}

describe("ErrorBodySchema", () => {
  test.for([
    { error: "WRONGPASS invalid or missing auth token" },
    { error: "database not found" },
    { error: "unauthorized" },
  ])("accepts %j", (body, { expect }) => {
    expect(ErrorBodySchema.parse(body)).toEqual(body);
  });

  test("rejects a non-string error, naming the field", ({ expect }) => {
    expect(issueOf(ErrorBodySchema, { error: 1 })).toBe(
      "error: Invalid input: expected string, received number",
    );
    expect(issueOf(ErrorBodySchema, {})).toBe("error is required");
  });
});

describe("VectorErrorBodySchema", () => {
  test.for([
    { error: "Unauthorized: Invalid auth token", status: 401 },
    { error: "Invalid vector dimension: 2, expected: 256", status: 422 },
    { error: "Namespace ns for the index $NAME does not exist", status: 404 },
  ])("accepts %j", (body, { expect }) => {
    expect(VectorErrorBodySchema.parse(body)).toEqual(body);
  });

  test("rejects a missing or non-error status", ({ expect }) => {
    expect(issueOf(VectorErrorBodySchema, { error: "x" })).toBe("status is required");
    expect(issueOf(VectorErrorBodySchema, { error: "x", status: "422" })).toBe(
      "status: Invalid input: expected number, received string",
    );
    expect(issueOf(VectorErrorBodySchema, { error: "x", status: 200 })).toMatch(/^status: /);
  });
});

describe("formatZodIssue", () => {
  test("writes nested paths with dots and indices", ({ expect }) => {
    const schema = z.object({ a: z.object({ list: z.array(z.object({ b: z.string() })) }) });
    expect(issueOf(schema, { a: { list: [{ b: "x" }, { b: 2 }] } })).toBe(
      "a.list[1].b: Invalid input: expected string, received number",
    );
  });

  test("quotes keys that are not identifiers", ({ expect }) => {
    const schema = z.object({ "a b": z.string() });
    expect(issueOf(schema, { "a b": 1 })).toBe(
      '["a b"]: Invalid input: expected string, received number',
    );
  });

  test("leaves a root-level message as it is", ({ expect }) => {
    expect(issueOf(z.string(), 1)).toBe("Invalid input: expected string, received number");
  });

  test("does not repeat a field name the message already starts with", ({ expect }) => {
    const schema = z.object({ budget: z.number().max(1, "budget must be small") });
    expect(issueOf(schema, { budget: 2 })).toBe("budget must be small");
  });

  test("counts the issues it does not describe", ({ expect }) => {
    const schema = z.object({ a: z.string(), b: z.string(), c: z.string() });
    expect(issueOf(schema, {})).toBe("a is required (and 2 more)");
  });

  test("names the field inside the union branch the value was shaped for", ({ expect }) => {
    const item = z.object({ id: z.string() });
    const schema = z.union([item, z.array(item)]);
    expect(issueOf(schema, { id: 1 })).toBe("id: Invalid input: expected string, received number");
    expect(issueOf(schema, [{ id: "a" }, { id: 1 }])).toBe(
      "[1].id: Invalid input: expected string, received number",
    );
  });

  test("keeps a union's own message when the value fits no branch", ({ expect }) => {
    const schema = z.object({
      id: z.union([z.string(), z.number()], { error: "ids must be strings or numbers" }),
    });
    expect(issueOf(schema, { id: {} })).toBe("id: ids must be strings or numbers");
  });

  test("flattens line breaks", ({ expect }) => {
    expect(
      issueOf(
        z.string().refine(() => false, "one\ntwo"),
        "x",
      ),
    ).toBe("one two");
  });

  test("with the input, says a missing key of any schema kind is required", ({ expect }) => {
    const schema = z.object({ kind: z.enum(["a", "b"]), nested: z.object({ v: z.literal("x") }) });
    expect(issueOf(schema, { nested: { v: "x" } })).toBe("kind is required");
    expect(issueOf(schema, { kind: "a", nested: {} })).toBe("nested.v is required");
    expect(issueOf(schema, { kind: "c", nested: { v: "x" } })).toBe(
      'kind: Invalid option: expected one of "a"|"b"',
    );
  });

  test("without the input, recognises zod's own wording only", ({ expect }) => {
    const schema = z.object({ name: z.string(), kind: z.enum(["a", "b"]) });
    const missingName = schema.safeParse({ kind: "a" });
    const missingKind = schema.safeParse({ name: "n" });
    expect(missingName.error && formatZodIssue(missingName.error)).toBe("name is required");
    expect(missingKind.error && formatZodIssue(missingKind.error)).toBe(
      'kind: Invalid option: expected one of "a"|"b"',
    );
  });

  test("keeps a refinement's wording even on a missing key", ({ expect }) => {
    const schema = z.object({ a: z.string().optional() }).superRefine((_value, context) => {
      context.addIssue({ code: "custom", path: ["a"], message: "a or b is needed" });
    });
    expect(issueOf(schema, {})).toBe("a or b is needed");
  });

  test("handles an error without issues", ({ expect }) => {
    expect(formatZodIssue({ issues: [] })).toBe("Invalid request body");
  });
});
