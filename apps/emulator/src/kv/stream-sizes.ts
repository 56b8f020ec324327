/**
 * About the bytes a streamed event takes on the wire, for the output-buffer limits of SSE streams:
 * the payload plus a fixed allowance for the framing (`data: message,…\n\n` and the HTTP chunk).
 */
import type { MonitorLine, PubSubEvent } from "./backend.ts";

const EVENT_FRAMING_BYTES = 32;
/** `<seconds>.<micros> [<db> <address>]` before the arguments. */
const MONITOR_PREFIX_BYTES = 48;
/** The quotes and the space around each argument. */
const MONITOR_ARGUMENT_BYTES = 3;

export function pubSubEventBytes(event: PubSubEvent): number {
  switch (event.kind) {
    case "subscribe":
    case "psubscribe":
      return EVENT_FRAMING_BYTES + event.name.byteLength;
    case "message":
      return EVENT_FRAMING_BYTES + event.channel.byteLength + event.message.byteLength;
    case "pmessage":
      return (
        EVENT_FRAMING_BYTES +
        event.pattern.byteLength +
        event.channel.byteLength +
        event.message.byteLength
      );
    default:
      return assertNever(event);
  }
}

export function monitorLineBytes(line: MonitorLine): number {
  let bytes = EVENT_FRAMING_BYTES + MONITOR_PREFIX_BYTES + line.address.length;
  for (const arg of line.argv) {
    bytes += arg.byteLength + MONITOR_ARGUMENT_BYTES;
  }
  return bytes;
}

function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}
