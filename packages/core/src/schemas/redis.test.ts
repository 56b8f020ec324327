import { describe, test } from "vitest";
import type { z } from "zod";
import { formatZodIssue } from "./errors.ts";
import {
  RestBatchSchema,
  RestCommandSchema,
  RestPipelineResponseSchema,
  RestResponseSchema,
  RestResultSchema,
  RestTransactionResponseSchema,
} from "./redis.ts";

function issueOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) {
    throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  }
  return formatZodIssue(result.error, value);
}

describe("RestCommandSchema", () => {
  // spec/kv-rest-wire.md §2.2 and §3.
  test.for([
    ["SET", "foo", "bar", "EX", 100],
    ["set", "b", 1],
    ["set", "k", 1.5],
    ["ZADD", "key", 99.5, "member"],
    ["expire", "k", 5],
    ["set", "k", '{"a":1}'],
    ["set", "flag", true],
    ["PING"],
  ])("accepts %j", (command, { expect }) => {
    expect(RestCommandSchema.parse(command)).toEqual(command);
  });

  test.for([
    { body: { command: "GET" }, message: "command must be a JSON array: [name, ...arguments]" },
    { body: "GET foo", message: "command must be a JSON array: [name, ...arguments]" },
    { body: [], message: "[0]: command must not be empty: send [name, ...arguments]" },
    { body: [1, "foo"], message: "[0]: the command name (the first element) must be a string" },
    { body: [null], message: "[0]: the command name (the first element) must be a string" },
    {
      body: ["SET", "k", { a: 1 }],
      message: "[2]: command arguments must be strings, numbers or booleans",
    },
    {
      body: ["SET", "k", [1]],
      message: "[2]: command arguments must be strings, numbers or booleans",
    },
    {
      body: ["SET", "k", null],
      message: "[2]: command arguments must be strings, numbers or booleans",
    },
  ])("rejects $body: $message", ({ body, message }, { expect }) => {
    expect(issueOf(RestCommandSchema, body)).toBe(message);
  });
});

describe("RestBatchSchema", () => {
  test("accepts the spec's pipeline body", ({ expect }) => {
    const body = [
      ["SET", "k", "v"],
      ["GET", "k"],
    ];
    expect(RestBatchSchema.parse(body)).toEqual(body);
  });

  test.for([
    { body: [], message: "body must contain at least one command" },
    {
      body: ["SET", "k", "v"],
      message: "[0]: command must be a JSON array: [name, ...arguments] (and 2 more)",
    },
    { body: { commands: [] }, message: "body must be a JSON array of command arrays" },
    {
      body: [["GET", "k"], []],
      message: "[1][0]: command must not be empty: send [name, ...arguments]",
    },
    {
      body: [
        ["GET", "k"],
        ["SET", "k", { v: 1 }],
      ],
      message: "[1][2]: command arguments must be strings, numbers or booleans",
    },
  ])("rejects $body: $message", ({ body, message }, { expect }) => {
    expect(issueOf(RestBatchSchema, body)).toBe(message);
  });
});

describe("RestResponseSchema", () => {
  // spec/kv-rest-wire.md §5 and §6.3.
  test.for([
    { result: "OK" },
    { result: "YmFy" },
    { result: null },
    { result: 1 },
    { result: ["YmFy", null] },
    { result: ["MA==", ["Zm9v"]] },
    { result: [[["deep"]], 3, null] },
    { error: "WRONGTYPE Operation against a key holding the wrong kind of value" },
  ])("accepts %j", (body, { expect }) => {
    expect(RestResponseSchema.parse(body)).toEqual(body);
  });

  test("requires result to be present", ({ expect }) => {
    expect(RestResultSchema.safeParse({}).success).toBe(false);
    expect(issueOf(RestResultSchema, {})).toBe("result is required");
    expect(RestResponseSchema.safeParse({}).success).toBe(false);
  });

  test.for([
    { result: "OK", error: "ERR x" },
    { result: null, error: null },
    { result: { a: 1 } },
    { result: true },
    { error: 1 },
  ])("rejects %j", (body, { expect }) => {
    expect(RestResponseSchema.safeParse(body).success).toBe(false);
  });
});

describe("RestPipelineResponseSchema and RestTransactionResponseSchema", () => {
  test("accept the spec's pipeline answer", ({ expect }) => {
    const body = [
      { result: "OK" },
      { result: "YmFy" },
      { error: "WRONGTYPE Operation against a key holding the wrong kind of value" },
    ];
    expect(RestPipelineResponseSchema.parse(body)).toEqual(body);
    expect(RestTransactionResponseSchema.parse(body)).toEqual(body);
  });

  test("accept the spec's transaction answer with a runtime error", ({ expect }) => {
    const body = [
      { result: "OK" },
      { result: "OK" },
      { error: "ERR value is not an integer or out of range" },
      { result: 2 },
    ];
    expect(RestTransactionResponseSchema.parse(body)).toEqual(body);
  });

  test("a discarded transaction is one error object; a pipeline never is", ({ expect }) => {
    const discarded = { error: "ERR unknown command 'FOO'" };
    expect(RestTransactionResponseSchema.parse(discarded)).toEqual(discarded);
    expect(RestPipelineResponseSchema.safeParse(discarded).success).toBe(false);
  });

  test("rejects an entry with null in place of an absent key", ({ expect }) => {
    expect(RestPipelineResponseSchema.safeParse([{ result: "OK", error: null }]).success).toBe(
      false,
    );
  });
});
