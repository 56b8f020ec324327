/**
 * `runConformance()`: runs every check against the given endpoints, one at a time (checks share the
 * target, and a real deployment should see light traffic), then deletes the keys they wrote.
 */
import type { Check } from "./check.ts";
import { ConformanceRun } from "./context.ts";
import { CheckSkipped } from "./errors.ts";
import { KV_CHECKS } from "./kv/index.ts";
import { LIBRARY_CHECKS } from "./libraries/checks.ts";
import { MANAGEMENT_CHECKS } from "./management/checks.ts";
import type { CheckResult, ConformanceOptions, ConformanceReport } from "./types.ts";
import { VECTOR_CHECKS } from "./vector/checks.ts";

const DEFAULT_CHECK_TIMEOUT_MS = 10_000;
/** Clean-up gets its own time limit, so a timed-out check still leaves nothing behind. */
const CLEAN_UP_TIMEOUT_MS = 10_000;

export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const run = new ConformanceRun(options, options.fetch ?? fetch);
  const timeoutMs = options.checkTimeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  // The vector and management checks run only for the targets given, the libraries' on request.
  const selected = [
    ...KV_CHECKS,
    ...(options.vector === undefined ? [] : VECTOR_CHECKS),
    ...(options.management === undefined ? [] : MANAGEMENT_CHECKS),
    ...(options.libraries === true ? LIBRARY_CHECKS : []),
  ].filter((check) => isSelected(check, options.only));
  const results: CheckResult[] = [];
  try {
    for (const check of selected) {
      results.push(await runCheck(run, check, timeoutMs));
    }
  } finally {
    await run.cleanUp(AbortSignal.timeout(CLEAN_UP_TIMEOUT_MS));
  }
  const count = (status: CheckResult["status"]): number =>
    results.filter((result) => result.status === status).length;
  const failed = count("fail");
  return { results, passed: count("pass"), failed, skipped: count("skip"), ok: failed === 0 };
}

function isSelected(check: Check, only: readonly string[] | undefined): boolean {
  return (
    only === undefined ||
    only.length === 0 ||
    only.some((filter) => `${check.area}/${check.group}/${check.name}`.includes(filter))
  );
}

async function runCheck(
  run: ConformanceRun,
  check: Check,
  timeoutMs: number,
): Promise<CheckResult> {
  const startedAt = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`timed out after ${timeoutMs} ms`)),
    timeoutMs,
  );
  const base = { area: check.area, group: check.group, name: check.name };
  try {
    await check.run(run.context(controller.signal));
    return { ...base, status: "pass", durationMs: performance.now() - startedAt };
  } catch (error: unknown) {
    const durationMs = performance.now() - startedAt;
    if (error instanceof CheckSkipped) {
      return { ...base, status: "skip", detail: error.message, durationMs };
    }
    const reason = controller.signal.aborted ? controller.signal.reason : error;
    const message = reason instanceof Error ? reason.message : String(reason);
    return { ...base, status: "fail", detail: `${message} (${check.spec})`, durationMs };
  } finally {
    clearTimeout(timer);
  }
}
