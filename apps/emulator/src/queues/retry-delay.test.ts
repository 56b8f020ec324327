import { test } from "vitest";
import { compileRetryDelay } from "./retry-delay.ts";

test("the documented expressions evaluate with retried", ({ expect }) => {
  expect(compileRetryDelay("1000")(3)).toBe(1000);
  expect(compileRetryDelay("1000 * (1 + retried)")(2)).toBe(3000);
  expect(compileRetryDelay("pow(2, retried) * 1000")(3)).toBe(8000);
  expect(compileRetryDelay("max(10, pow(2, retried))")(1)).toBe(10);
  expect(compileRetryDelay("min(5, 3, 9) - -1")(0)).toBe(4);
  expect(compileRetryDelay("floor(sqrt(retried * 10))")(10)).toBe(10);
});

test("bad expressions are refused at publish", ({ expect }) => {
  expect(() => compileRetryDelay("pow(2")).toThrow(/Retry-Delay/);
  expect(() => compileRetryDelay("evil(1)")).toThrow(/unknown name/);
  expect(() => compileRetryDelay("pow(1)")).toThrow(/argument/);
  expect(() => compileRetryDelay("1 2")).toThrow(/unexpected/);
});
