import type { QStashEvent, QStashState } from "@stratus/core/schemas";
import { test } from "vitest";
import { pendingMessages } from "./queue-overview.ts";

function event(messageId: string, state: QStashState, time: number): QStashEvent {
  return { messageId, state, time, url: "http://127.0.0.1/hook" };
}

test("pending messages are those whose newest log entry is not final", ({ expect }) => {
  // The log is newest first.
  const log = [
    event("a", "DELIVERED", 5),
    event("b", "RETRY", 4),
    event("a", "ACTIVE", 3),
    event("b", "ERROR", 3),
    event("c", "CREATED", 2),
    event("d", "CANCELLED", 2),
    event("d", "CREATED", 1),
  ];
  expect(pendingMessages(log).map((entry) => [entry.messageId, entry.state])).toEqual([
    ["b", "RETRY"],
    ["c", "CREATED"],
  ]);
});
