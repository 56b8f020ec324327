import { describe, test } from "vitest";
import { nextFire, parseCron } from "./cron.ts";

const at = (iso: string): number => Date.parse(iso);

describe("nextFire", () => {
  test("steps, ranges and lists in UTC", ({ expect }) => {
    expect(nextFire(parseCron("*/15 * * * *"), at("2026-01-01T00:07:30Z"))).toBe(
      at("2026-01-01T00:15:00Z"),
    );
    expect(nextFire(parseCron("0 9-17/4 * * mon-fri"), at("2026-01-02T18:00:00Z"))).toBe(
      at("2026-01-05T09:00:00Z"),
    );
    expect(nextFire(parseCron("30 1 1,15 * *"), at("2026-01-01T01:30:00Z"))).toBe(
      at("2026-01-15T01:30:00Z"),
    );
  });

  test("day of month and day of week restricted together match either (Vixie cron)", ({
    expect,
  }) => {
    // 2026-01-04 is a Sunday, before the 13th.
    expect(nextFire(parseCron("0 0 13 * 0"), at("2026-01-01T00:00:00Z"))).toBe(
      at("2026-01-04T00:00:00Z"),
    );
  });

  test("CRON_TZ evaluates in the zone, across a DST change", ({ expect }) => {
    const schedule = parseCron("CRON_TZ=America/New_York 0 4 * * *");
    // EST (UTC-5) in January, EDT (UTC-4) after 2026-03-08.
    expect(nextFire(schedule, at("2026-01-01T00:00:00Z"))).toBe(at("2026-01-01T09:00:00Z"));
    expect(nextFire(schedule, at("2026-03-09T00:00:00Z"))).toBe(at("2026-03-09T08:00:00Z"));
  });

  test("bad expressions are 400s naming the problem", ({ expect }) => {
    expect(() => parseCron("* * * *")).toThrow(/5 fields/);
    expect(() => parseCron("61 * * * *")).toThrow(/bad field/);
    expect(() => parseCron("CRON_TZ=Mars/Olympus * * * * *")).toThrow(/time zone/);
  });
});
