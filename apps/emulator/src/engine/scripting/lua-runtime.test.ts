import { fc, test as fcTest } from "@fast-check/vitest";
import { test } from "vitest";
import {
  callArguments,
  callsExportsDirectly,
  cFunction,
  LUA_OK,
  lua,
  luaModuleExports,
  readsArgumentsDirectly,
} from "./lua-runtime.ts";

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

test("a C function's arguments are read from the Lua stack (its layout was verified at start-up)", ({
  expect,
}) => {
  expect(readsArgumentsDirectly()).toBe(true);
});

let received: string[] | undefined;
const record = cFunction((L) => {
  received = callArguments(L, (value) => `number ${String(value)}`);
  return 0;
});

fcTest.prop([
  fc.array(
    fc.oneof(
      fc.string({
        unit: fc.integer({ min: 0, max: 255 }).map((byte) => String.fromCharCode(byte)),
        maxLength: 60,
      }),
      fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
      fc.double(),
    ),
    { maxLength: 6 },
  ),
])("arguments read back as strings, and numbers as the double C's lua_tonumber gives", (values) => {
  const L = lua.newState();
  try {
    lua.pushFunction(L, record);
    for (const value of values) {
      if (typeof value === "string") {
        lua.pushString(L, value);
      } else if (typeof value === "bigint") {
        lua.pushInteger(L, value);
      } else {
        lua.pushNumber(L, value);
      }
    }
    received = undefined;
    const status = lua.pcall(L, { args: values.length, results: 0, handler: 0 });
    const expected = values.map((value) =>
      typeof value === "string" ? value : `number ${String(Number(value))}`,
    );
    return status === LUA_OK && JSON.stringify(received) === JSON.stringify(expected);
  } finally {
    lua.close(L);
  }
});

test("an argument that is neither a string nor a number stops the reading", ({ expect }) => {
  const L = lua.newState();
  try {
    lua.pushFunction(L, record);
    lua.pushString(L, "GET");
    lua.createTable(L);
    lua.pcall(L, { args: 2, results: 0, handler: 0 });
    expect(received).toBeUndefined();
  } finally {
    lua.close(L);
  }
});
