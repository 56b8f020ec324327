/**
 * Server-sent event streams (kv-rest-wire.md §11): subscribe, psubscribe and monitor framing,
 * payloads as plain text, and PUBLISH receiver counts that drop when a stream closes.
 */
import { defineCheck } from "../check.ts";
import type { CheckContext } from "../context.ts";
import { check, checkEqual } from "../errors.ts";
import { describe } from "../http.ts";
import type { SseStream } from "../sse.ts";

const group = "sse";
/** Closing a stream reaches the server asynchronously; poll this often, this many times. */
const UNSUBSCRIBE_POLL_MS = 25;
const UNSUBSCRIBE_POLLS = 80;

function checkStreamHead(stream: SseStream): void {
  check(stream.status === 200, `status ${stream.status}`);
  const type = stream.headers.get("content-type") ?? "";
  check(type.startsWith("text/event-stream"), `content type ${type}`);
}

/** Each line ends with LF only: the SDK splits on "\n" and would keep a CR (§11.1). */
function checkFraming(stream: SseStream): void {
  const raw = stream.raw();
  check(!raw.includes("\r"), `the stream has CR characters: ${JSON.stringify(raw.slice(0, 120))}`);
  check(
    /^(data: |:)/.test(raw),
    `the first line is not a data line: ${JSON.stringify(raw.slice(0, 60))}`,
  );
}

async function publish(ctx: CheckContext, channel: string, message: string): Promise<number> {
  const reply = await ctx.kvRequest({
    path: `/publish/${encodeURIComponent(channel)}/${encodeURIComponent(message)}`,
  });
  const body = reply.json() as { result?: unknown };
  check(typeof body.result === "number", `PUBLISH: ${describe(reply)}`);
  return body.result;
}

async function waitForReceivers(
  ctx: CheckContext,
  channel: string,
  expected: number,
): Promise<number> {
  let receivers = -1;
  for (let attempt = 0; attempt < UNSUBSCRIBE_POLLS; attempt++) {
    receivers = await publish(ctx, channel, "probe");
    if (receivers === expected) {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, UNSUBSCRIBE_POLL_MS));
  }
  return receivers;
}

export const streamChecks = [
  defineCheck({
    area: "kv",
    group,
    name: "subscribe: subscribe,<channel>,1 then message,<channel>,<payload>",
    spec: "kv-rest-wire.md §11.1",
    run: async (ctx) => {
      const channel = ctx.channel("chat");
      const stream = await ctx.kvStream(`/subscribe/${encodeURIComponent(channel)}`);
      try {
        checkStreamHead(stream);
        checkEqual(await stream.next("first item"), `subscribe,${channel},1`, "first item");
        const receivers = await publish(ctx, channel, "hello, world");
        check(receivers >= 1, `PUBLISH counted ${receivers} receivers`);
        checkEqual(await stream.next("message"), `message,${channel},hello, world`, "message");
        checkFraming(stream);
      } finally {
        stream.close();
      }
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "psubscribe: psubscribe,<pattern>,1 then pmessage,<pattern>,<channel>,<payload>",
    spec: "kv-rest-wire.md §11.1",
    run: async (ctx) => {
      const pattern = ctx.channel("user:*");
      const channel = ctx.channel("user:42");
      const stream = await ctx.kvStream(`/psubscribe/${pattern}`);
      try {
        checkStreamHead(stream);
        checkEqual(await stream.next("first item"), `psubscribe,${pattern},1`, "first item");
        await publish(ctx, channel, '{"n":1}');
        checkEqual(
          await stream.next("pmessage"),
          `pmessage,${pattern},${channel},{"n":1}`,
          "pmessage",
        );
        checkFraming(stream);
      } finally {
        stream.close();
      }
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: "closing a subscribe stream drops the subscription",
    spec: "kv-rest-wire.md §11.1 (Unsubscribe)",
    run: async (ctx) => {
      const channel = ctx.channel("closing");
      const stream = await ctx.kvStream(`/subscribe/${encodeURIComponent(channel)}`);
      await stream.next("first item");
      checkEqual(await publish(ctx, channel, "before"), 1, "receivers while open");
      stream.close();
      checkEqual(await waitForReceivers(ctx, channel, 0), 0, "receivers after close");
    },
  }),
  defineCheck({
    area: "kv",
    group,
    name: 'monitor: "OK" then one Redis MONITOR line per command',
    spec: "kv-rest-wire.md §11.3",
    run: async (ctx) => {
      const key = ctx.key("monitored");
      const stream = await ctx.kvStream("/monitor");
      try {
        checkStreamHead(stream);
        const first = await stream.next("first item");
        // interfaces.md writes the item as OK, kv-rest-wire.md §11.3 as "OK": accept both.
        check(first === '"OK"' || first === "OK", `first item ${first}`);
        await ctx.kvCommand(["GET", key]);
        const line = await stream.find("the GET line", (item) => item.includes(`"${key}"`));
        check(/^\d+\.\d{6} \[\d+ [^\]]+\] "GET" "/i.test(line), `not a MONITOR line: ${line}`);
        checkFraming(stream);
      } finally {
        stream.close();
      }
    },
  }),
];
