import { fc, test as fcTest } from "@fast-check/vitest";
import { test } from "vitest";
import { callsExportsDirectly, lua, luaModuleExports } from "./lua-runtime.ts";

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

fcTest.prop([
  fc.array(fc.string({ unit: "binary-ascii", minLength: 3, maxLength: 3 }), { minLength: 2 }),
])(
  "strings read back are the bytes at the address now, when a freed string's address is reused",
  (texts) => {
    const L = lua.newState();
    try {
      lua.load(L, "collectgarbage()", "=gc");
      const collect = lua.ref(L);
      for (const text of texts) {
        lua.pushString(L, text);
        if (lua.toString(L, -1) !== text) {
          return false;
        }
        lua.pop(L, 1);
        // Frees the string, so the next one of the same size may take its address.
        lua.getRef(L, collect);
        lua.pcall(L, { args: 0, results: 0, handler: 0 });
      }
      return true;
    } finally {
      lua.close(L);
    }
  },
);
