import { describe, test } from "vitest";
import type { z } from "zod";
import { formatZodIssue } from "./errors.ts";
import {
  type CommandExecutedEvent,
  EMULATOR_EVENT_TYPES,
  type EmulatorEvent,
  EmulatorEventSchema,
  ResourceKindSchema,
} from "./events.ts";

function issueOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) {
    throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  }
  return formatZodIssue(result.error, value);
}

const commandExecuted = {
  type: "command.executed",
  db: 0,
  argv: ["SET", "k", "v"],
  durationMs: 0.12,
  address: "0.0.0.0:0",
  timestampMs: 1_721_284_008_663,
} satisfies CommandExecutedEvent;

describe("EmulatorEventSchema", () => {
  test.for([
    commandExecuted,
    { ...commandExecuted, db: 3, address: "127.0.0.1:51234", error: "ERR syntax error" },
    {
      type: "pubsub.message",
      channel: "chat",
      message: "how are you today?",
      receivers: 2,
      timestampMs: 1_721_284_008_700,
    },
    {
      type: "stats.refreshed",
      resource: { kind: "vector", id: "idx-1" },
      timestampMs: 1_721_284_060_000,
    },
  ] satisfies EmulatorEvent[])("accepts a $type event", (event, { expect }) => {
    expect(EmulatorEventSchema.parse(event)).toEqual(event);
  });

  test("knows every type", ({ expect }) => {
    expect(EMULATOR_EVENT_TYPES).toEqual(["command.executed", "pubsub.message", "stats.refreshed"]);
    expect(ResourceKindSchema.options).toEqual(["redis", "vector", "search", "queue"]);
  });

  test("keeps an absent error absent", ({ expect }) => {
    expect("error" in EmulatorEventSchema.parse(commandExecuted)).toBe(false);
  });

  test.for([
    {
      event: { ...commandExecuted, argv: "SET k v" },
      message: "argv: Invalid input: expected array, received string",
    },
    { event: { ...commandExecuted, argv: [] }, message: /^argv: Too small/ },
    {
      event: { ...commandExecuted, argv: ["SET", 1] },
      message: "argv[1]: Invalid input: expected string, received number",
    },
    { event: { ...commandExecuted, db: -1 }, message: /^db: Too small/ },
    { event: { ...commandExecuted, durationMs: undefined }, message: "durationMs is required" },
    {
      event: { type: "pubsub.message", channel: "c", message: "m", timestampMs: 1 },
      message: "receivers is required",
    },
    {
      event: { type: "stats.refreshed", resource: { kind: "disk", id: "x" }, timestampMs: 1 },
      message: /^resource\.kind: Invalid option/,
    },
    { event: { type: "command.started" }, message: /^type: Invalid discriminator value/ },
  ])("rejects $event", ({ event, message }, { expect }) => {
    expect(issueOf(EmulatorEventSchema, event)).toMatch(message);
  });
});
