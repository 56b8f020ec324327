/**
 * CPU time a process and its children (a `--workers` primary and its workers) have used, from
 * Linux's /proc. What a server spends a request barely moves when other work shares the machine,
 * where its throughput does: the REST benchmark prints both. Elsewhere (no /proc) it is undefined.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks a second, as `utime` and `stime` count them (`getconf CLK_TCK`, 100 on Linux). */
const TICKS_PER_SECOND = ((): number => {
  const answer = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  const ticks = Number(answer.stdout?.trim());
  return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
})();

/** `utime + stime` of one process in ticks (proc(5): fields 14 and 15, after the `(comm)`). */
function processTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields from the third (state) on: utime and stime are the 12th and 13th of these.
  return Number(fields[11]) + Number(fields[12]);
}

/** The live children of `pid`, from every one of its threads. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const listed = readFileSync(`/proc/${pid}/task/${task}/children`, "latin1").trim();
    if (listed !== "") {
      children.push(...listed.split(" ").map(Number));
    }
  }
  return children;
}

/**
 * Milliseconds of CPU (user and system) used so far by `pid` and its live children, or undefined
 * where /proc cannot say (not Linux, or the process is gone).
 */
export function processTreeCpuMs(pid: number): number | undefined {
  try {
    const ticks = [pid, ...childrenOf(pid)].reduce((sum, each) => sum + processTicks(each), 0);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
