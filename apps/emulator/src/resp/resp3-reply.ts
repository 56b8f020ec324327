/**
 * A reply as a RESP3 connection gets it: the backends answer in RESP2 terms, and the command's
 * `resp3` shape (the command table, `engine/commands/define.ts`) says how Redis writes it under
 * RESP3 (`resp3Reshaper`, `@stratus/core/resp3`). Nulls (`$-1`, `*-1`) are RESP3's one null
 * everywhere; errors stay where they are.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import { type Resp3Value, resp3Reshaper } from "@stratus/core/resp3";
import type { Argv } from "../kv/backend.ts";
import type { Command } from "../kv/command-info.ts";

const NULL: Resp3Value = { kind: "null" };

/** The same value with RESP3's null; other kinds are the same in both protocols. */
export function plainResp3(value: Resp2Value): Resp3Value {
  switch (value.kind) {
    case "null":
    case "null-array":
      return NULL;
    case "array":
      return { kind: "array", items: value.items.map(plainResp3) };
    default:
      return value;
  }
}

/** A pushed value (pub/sub message, subscribe confirmation) as a RESP3 push; MONITOR lines stay. */
export function pushResp3(value: Resp2Value): Resp3Value {
  return value.kind === "array"
    ? { kind: "push", items: value.items.map(plainResp3) }
    : plainResp3(value);
}

const reshape = resp3Reshaper<Resp2Value, Resp3Value>({
  items: (value) => (value.kind === "array" ? value.items : undefined),
  bulkText: (value) =>
    value.kind === "bulk" ? Buffer.from(value.value).toString("latin1") : undefined,
  plain: plainResp3,
  array: (items) => ({ kind: "array", items }),
  set: (items) => ({ kind: "set", items }),
  map: (entries) => ({ kind: "map", entries }),
  double: (value, text) =>
    text === undefined ? { kind: "double", value } : { kind: "double", value, text },
});

/** `command`'s reply to `argv` as Redis writes it to a RESP3 client. */
export function toResp3(
  value: Resp2Value,
  request: { command: Command | undefined; argv: Argv },
): Resp3Value {
  const shape = request.command?.resp3;
  return shape === undefined ? plainResp3(value) : reshape(value, { shape, argv: request.argv });
}
