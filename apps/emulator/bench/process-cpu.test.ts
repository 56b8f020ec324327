import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, test } from "vitest";
import { processTreeCpuMs } from "./process-cpu.ts";

/** This process's own CPU so far, in ms, as Node counts it. */
function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A child that burns 200 ms of CPU, prints the CPU it has used (ms), then idles. */
const BURNER = `
  const start = process.cpuUsage();
  while (process.cpuUsage(start).user < 200_000) {}
  const { user, system } = process.cpuUsage();
  console.log((user + system) / 1000);
  setInterval(() => {}, 1000);
`;

describe.skipIf(process.platform !== "linux")("processTreeCpuMs", () => {
  test("reads a process's CPU as it counts it, and adds its children's to its parent's", async ({
    expect,
  }) => {
    const child = spawn(process.execPath, ["-e", BURNER], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const [line] = (await once(child.stdout, "data")) as [Buffer];
      const reported = Number(line.toString());
      // /proc counts in clock ticks (10 ms), per thread.
      expect(processTreeCpuMs(child.pid as number)).toBeGreaterThan(reported - 30);
      expect(processTreeCpuMs(child.pid as number)).toBeLessThan(reported + 30);
      const own = ownCpuMs();
      // Without the child's share the tree would fall short of this by about 200 ms.
      expect(processTreeCpuMs(process.pid)).toBeGreaterThan(own + reported - 60);
    } finally {
      child.kill("SIGKILL");
      await once(child, "exit");
    }
  });

  test("is undefined for a process that does not exist", ({ expect }) => {
    // Above Linux's largest pid (2^22).
    expect(processTreeCpuMs(2 ** 22 + 1)).toBeUndefined();
  });
});
