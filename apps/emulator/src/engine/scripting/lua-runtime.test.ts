import { test } from "vitest";
import { callsExportsDirectly, luaModuleExports } from "./lua-runtime.ts";

test("the Lua C API is called straight into the module, not through emscripten's wrappers", ({
  expect,
}) => {
  expect(callsExportsDirectly).toBe(true);
});

test("the Lua module's exports are the ones on its heap, whichever module loaded first", ({
  expect,
}) => {
  const heap = new ArrayBuffer(8);
  const other = { memory: { buffer: new ArrayBuffer(8) }, parse: () => 0 };
  const lua = { memory: { buffer: heap }, lua_type: () => 0 };
  expect(luaModuleExports([other, lua], heap)).toBe(lua);
  expect(luaModuleExports([{ run: () => 0 }, other], heap)).toBeUndefined();
});
