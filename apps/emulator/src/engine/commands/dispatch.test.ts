import { describe, test, vi } from "vitest";
import { MAX_BINARY_LENGTH } from "../bytes.ts";
import { ERR } from "../errors.ts";
import { createTestEngine, r } from "../test-support.ts";
import { findCommand, resolveCommand, resolveLookedUp } from "./dispatch.ts";
import { COMMAND_TABLE } from "./table.ts";

describe("dispatch", () => {
  test("unknown commands quote the first arguments as Redis does", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("NOPE", "a", "b")).toEqual(
      r.err("ERR unknown command 'NOPE', with args beginning with: 'a' 'b' "),
    );
    expect(run("nope")).toEqual(r.err("ERR unknown command 'nope', with args beginning with: "));
  });

  test("the quoted arguments stop after 128 characters", ({ expect }) => {
    const { run } = createTestEngine();
    const long = "x".repeat(200);
    expect(run("NOPE", long, "b")).toEqual(
      r.err(`ERR unknown command 'NOPE', with args beginning with: '${"x".repeat(128)}' `),
    );
  });

  test("command names are case-insensitive", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("sEt", "k", "v")).toEqual(r.ok);
    expect(run("get", "k")).toEqual(r.bulk("v"));
  });

  test.for([
    [["GET"], ERR.WRONG_ARITY("get")],
    [["GET", "a", "b"], ERR.WRONG_ARITY("get")],
    [["SET", "k"], ERR.WRONG_ARITY("set")],
    [["DEL"], ERR.WRONG_ARITY("del")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("a bug in a command becomes a generic error and is reported", ({ expect }) => {
    const errors: unknown[] = [];
    const { run, engine } = createTestEngine({ onInternalError: (error) => errors.push(error) });
    const db = engine.databases[0];
    if (db === undefined) {
      throw new Error("no database 0");
    }
    vi.spyOn(db, "getString").mockImplementationOnce(() => {
      throw new TypeError("boom");
    });
    expect(run("GET", "k")).toEqual(r.err("ERR internal emulator error"));
    expect(errors).toHaveLength(1);
    expect(run("SET", "k", "v")).toEqual(r.ok);
  });

  test.for([
    // V8 refusing a concatenation, a `repeat`, a `join` or `JSON.stringify`.
    ["a string", () => "x".repeat(MAX_BINARY_LENGTH + 1)],
    // Node refusing to decode bytes (not filled and never read: it checks the length first).
    ["bytes", () => new TextDecoder().decode(Buffer.allocUnsafe(MAX_BINARY_LENGTH + 1))],
  ] as const)(
    "building %s longer than the engine's limit is that limit's error, not a bug",
    ([, build], { expect }) => {
      const errors: unknown[] = [];
      const { run, engine } = createTestEngine({ onInternalError: (error) => errors.push(error) });
      const db = engine.databases[0];
      if (db === undefined) {
        throw new Error("no database 0");
      }
      run("SET", "k", "v");
      vi.spyOn(db, "getString").mockImplementationOnce(build);
      expect(run("APPEND", "k", "x")).toEqual(r.err(ERR.STRING_OVER_ENGINE_LIMIT));
      expect(errors).toEqual([]);
      expect(run("GET", "k")).toEqual(r.bulk("v"));
    },
  );

  test("a MONITOR line too long to build is skipped, and the command runs", ({ expect }) => {
    const { run, engine } = createTestEngine();
    const lines: string[] = [];
    // Quoting a value near the limit (up to 4 bytes per byte) is what makes such a line.
    const stop = engine.monitor(({ argv }) => lines.push(argv.join(" ").repeat(MAX_BINARY_LENGTH)));
    engine.monitor(({ argv }) => lines.push(argv.join(" ")));
    expect(run("SET", "k", "v")).toEqual(r.ok);
    expect(lines).toEqual(["SET k v"]);
    stop();
  });

  test.for([
    [["cOnFiG", "gEt", "maxmemory"], "CONFIG|GET"],
    [["CONFIG", "nope"], "CONFIG"],
    [["CONFIG"], "CONFIG"],
    [["get", "k"], "GET"],
    [["nope"], undefined],
    [[], undefined],
  ] as const)("findCommand(%j) is %s", ([argv, name], { expect }) => {
    expect(findCommand(COMMAND_TABLE, argv)?.name).toBe(name);
  });

  test.for([
    ["cOnFiG", "gEt", "maxmemory"],
    ["CONFIG", "nope"],
    ["CONFIG"],
    ["COMMAND"],
    ["GET"],
    ["nope", "a"],
    [],
  ])("a found command resolves as a fresh lookup does: %j", (argv, { expect }) => {
    expect(resolveLookedUp(findCommand(COMMAND_TABLE, argv), argv)).toEqual(
      resolveCommand(COMMAND_TABLE, argv),
    );
  });

  test("the engine runs the command it is handed, without looking argv up again", ({ expect }) => {
    const { engine, session } = createTestEngine();
    // SET handed for `GET k`: SET's arity check answers, so argv[0] was not looked up.
    expect(engine.execute(["GET", "k"], session, COMMAND_TABLE.get("SET"))).toEqual(
      r.err(ERR.WRONG_ARITY("set")),
    );
    expect(engine.execute(["GET", "k"], session)).toEqual(r.nil);
  });
});
