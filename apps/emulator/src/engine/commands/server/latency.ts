import { defineContainer } from "../define.ts";
import { latencyDoctor } from "./latency-doctor.ts";
import { latencyGraph } from "./latency-graph.ts";
import { latencyHelp } from "./latency-help.ts";
import { latencyHistogram } from "./latency-histogram.ts";
import { latencyHistory } from "./latency-history.ts";
import { latencyLatest } from "./latency-latest.ts";
import { latencyReset } from "./latency-reset.ts";

/**
 * LATENCY <subcommand>: latency monitoring. The engine records no latency events, so every report
 * is empty, as on a Redis with `latency-monitor-threshold 0`.
 * @see https://redis.io/commands/latency
 */
export const latency = defineContainer({
  name: "LATENCY",
  group: "server",
  since: "2.8.13",
  summary: "A container for latency diagnostics commands.",
  subcommands: [
    latencyDoctor,
    latencyGraph,
    latencyHelp,
    latencyHistogram,
    latencyHistory,
    latencyLatest,
    latencyReset,
  ],
});
