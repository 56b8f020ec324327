import { describe, test } from "vitest";
import type { Effect } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { sha1hex } from "../../scripting/scripts.ts";
import { createTestEngine, r } from "../../test-support.ts";

/** The SHA-1 Redis names a script by in error replies. */
const SHA_INCR = "1f71dc1cd0b838440b29a02b9ecb8480e01af28a"; // return redis.call('incr','k')

describe("EVAL", () => {
  test("runs a script with KEYS and ARGV, binary-safe", ({ expect }) => {
    const { run } = createTestEngine();
    const value = "a\u0000b\u00ff";
    expect(
      run("EVAL", "return redis.call('set', KEYS[1], ARGV[1])", "1", "k\u0000", value),
    ).toEqual(r.ok);
    expect(run("GET", "k\u0000")).toEqual(r.bulk(value));
    expect(
      run("EVAL", "return {KEYS[1], ARGV[1], ARGV[2], #KEYS, #ARGV}", "1", "a", "b", "c"),
    ).toEqual(r.arr(r.bulk("a"), r.bulk("b"), r.bulk("c"), r.int(1), r.int(2)));
    expect(run("EVAL", "return redis.call('get', KEYS[1])", "1", "k\u0000")).toEqual(r.bulk(value));
  });

  test.for([
    ["return 'x'", r.bulk("x")],
    ["return 3.99", r.int(3)],
    ["return -3.7", r.int(-3)],
    ["return 1/0", r.int(-9223372036854775808n)],
    ["return 0/0", r.int(-9223372036854775808n)],
    ["return 2^62", r.int(4611686018427387904n)],
    ["return true", r.int(1)],
    ["return false", r.nil],
    ["return nil", r.nil],
    ["return {1, 2, 3, nil, 4}", r.arr(r.int(1), r.int(2), r.int(3))],
    [
      "return {1, 'a', true, false, {2}}",
      r.arr(r.int(1), r.bulk("a"), r.int(1), r.nil, r.arr(r.int(2))),
    ],
    ["return {ok = 'fine'}", r.simple("fine")],
    ["return {ok = 'a\\r\\nb'}", r.simple("a  b")],
    ["return {ok = 1}", r.arr()],
    ["return {err = 'MY boom'}", r.err("MY boom")],
    ["return {err = 'a\\r\\nb'}", r.err("a  b")],
    ["return {double = 3.5}", r.double(3.5)],
    ["return {double = 1/3}", r.double(1 / 3, "0.3333333333333333")],
    ["return {double = 0/0}", r.double(Number.NaN, "nan")],
    ["return {double = -1/0}", r.double(Number.NEGATIVE_INFINITY, "-inf")],
    ["return {double = 'x'}", r.arr()],
    ["return {big_number = '123'}", r.bigNumber("123")],
    ["return {big_number = '1\\r\\n2'}", r.bigNumber("1  2")],
    ["return {map = {a = 1}}", r.map(r.bulk("a"), r.int(1))],
    ["return {map = {a = false}}", r.map(r.bulk("a"), r.nil)],
    ["return {set = {a = true}}", r.set(r.bulk("a"))],
    ["return {verbatim_string = {format = 'txt', string = 'hi'}}", r.verbatim("txt", "hi")],
    ["return {verbatim_string = {format = 'markdown', string = ''}}", r.verbatim("mar", "")],
    ["return {verbatim_string = {format = 'a\\0b', string = 'x'}}", r.verbatim("a  ", "x")],
    ["return {verbatim_string = {format = '', string = 'x'}}", r.verbatim("   ", "x")],
    ["redis.setresp(3); return {true, false}", r.arr(r.bool(true), r.bool(false))],
    ["return {1, {err = 'inner'}, 3}", r.arr(r.int(1), r.err("inner"), r.int(3))],
    ["return redis.status_reply('fine')", r.simple("fine")],
    ["return redis.error_reply('boom')", r.err("ERR boom")],
    ["return redis.error_reply('-boom')", r.err("ERR boom")],
    ["return redis.error_reply('MY boom')", r.err("MY boom")],
    ["return redis.error_reply(1)", r.err("ERR wrong number or type of arguments")],
    ["return function() end", r.nil],
  ] as const)("Lua → reply: %s", ([script, expected], { expect }) => {
    const { run } = createTestEngine();
    expect(run("EVAL", script, "0")).toEqual(expected);
  });

  test("replies → Lua: status, error, null, integers, arrays", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "l", "a", "b");
    expect(run("EVAL", "local r = redis.call('ping'); return type(r) .. r.ok", "0")).toEqual(
      r.bulk("tablePONG"),
    );
    expect(run("EVAL", "return tostring(redis.call('get', 'missing'))", "0")).toEqual(
      r.bulk("false"),
    );
    expect(run("EVAL", "return redis.call('incr', 'n') .. ''", "0")).toEqual(r.bulk("1"));
    expect(run("EVAL", "return redis.call('lrange', 'l', 0, -1)", "0")).toEqual(r.bulks("a", "b"));
    expect(run("EVAL", "local e = redis.pcall('incr', 'l'); return {type(e), e.err}", "0")).toEqual(
      r.arr(r.bulk("table"), r.bulk(ERR.WRONGTYPE)),
    );
  });

  test("numbers are passed to commands as %.17g", ({ expect }) => {
    const { run } = createTestEngine();
    for (const [literal, stored] of [
      ["1.5", "1.5"],
      ["0.1", "0.10000000000000001"],
      ["1e20", "1e+20"],
      ["12345678901234567890", "1.2345678901234567e+19"],
      ["1/0", "inf"],
      ["7", "7"],
    ]) {
      run("EVAL", `return redis.call('set', 'f', ${literal})`, "0");
      expect(run("GET", "f"), literal).toEqual(r.bulk(stored as string));
    }
  });

  test("errors carry Redis 7's position suffix; pcall returns the error table", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "abc");
    expect(run("EVAL", "return redis.call('incr','k')", "0")).toEqual(
      r.err(`${ERR.NOT_INTEGER} script: ${SHA_INCR}, on @user_script:1.`),
    );
    expect(run("EVAL", "return redis.pcall('incr','k')", "0")).toEqual(r.err(ERR.NOT_INTEGER));
    expect(run("EVAL", "error('boom')", "0")).toEqual(
      r.err(
        "ERR user_script:1: boom script: 82903a0434f1503e152f89c03c9acd881a0e8150, on @user_script:1.",
      ),
    );
    expect(run("EVAL", "error({err='MY boom'})", "0")).toEqual(
      r.err("MY boom script: 4c2ee35ef37c857625d6ec6d812eab72377cfa97, on @user_script:1."),
    );
    const script = "\n\nlocal t = nil\nreturn t.x";
    expect(run("EVAL", script, "0")).toEqual(
      r.err(
        `ERR user_script:4: attempt to index local 't' (a nil value) script: ${sha1hex(script)}, on @user_script:4.`,
      ),
    );
  });

  test.for([
    ["redis.call('incr','x','y')", "Wrong number of args calling Redis command from script"],
    ["redis.call('nosuch')", "Unknown Redis command called from script"],
    ["redis.call()", "Please specify at least one argument for this redis lib call"],
    ["redis.call('get', {})", "Lua redis lib command arguments must be strings or integers"],
    ["redis.call('multi')", "This Redis command is not allowed from script"],
    ["redis.call('blpop', 'l', 0)", "This Redis command is not allowed from script"],
    ["redis.call('eval', 'return 1', 0)", "This Redis command is not allowed from script"],
    ["redis.call('config')", "Wrong number of args calling Redis command from script"],
    ["redis.call('config', 'nosuch')", "Unknown Redis command called from script"],
  ] as const)("redis.call refuses: %s", ([call, message], { expect }) => {
    const { run } = createTestEngine();
    const reply = run("EVAL", `return ${call}`, "0");
    expect(reply.kind === "error" && reply.message).toMatch(
      new RegExp(`^ERR ${message} script: [0-9a-f]{40}, on @user_script:1\\.$`),
    );
    expect(run("EVAL", `local e = redis.pcall(${call.slice(11)}; return e.err`, "0")).toEqual(
      r.bulk(`ERR ${message}`),
    );
  });

  test("numkeys and compilation errors", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("EVAL", "return 'x' ..", "0")).toEqual(
      r.err(
        "ERR Error compiling script (new function): user_script:1: unexpected symbol near '<eof>'",
      ),
    );
  });

  test.for([
    [["EVAL", "return 1", "-1"], ERR.NUMKEYS_NEGATIVE],
    [["EVAL", "return 1", "2", "a"], ERR.NUMKEYS_TOO_MANY],
    [["EVAL", "return 1", "x"], ERR.NOT_INTEGER],
    [["EVAL", "return 1", "99999999999999999999"], ERR.NOT_INTEGER],
    [["EVAL", "return 1", "9223372036854775807"], ERR.NUMKEYS_TOO_MANY],
    [["EVAL", "#!lua", "0"], ERR.SCRIPT_SHEBANG_INVALID],
    [["EVAL", "#!luax\nreturn 1", "0"], ERR.SCRIPT_ENGINE_UNEXPECTED("#!luax")],
    [["EVAL", '#!lua "x\nreturn 1', "0"], ERR.SCRIPT_ENGINE_INVALID],
    [["EVAL", "#!lua foo=bar\nreturn 1", "0"], ERR.SCRIPT_SHEBANG_OPTION("foo=bar")],
    [["EVAL", "#!lua flags=bad\nreturn 1", "0"], ERR.SCRIPT_SHEBANG_FLAG("bad")],
    [["EVAL", "#!lua flags=no-writes,\nreturn 1", "0"], ERR.SCRIPT_SHEBANG_FLAG("")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("shebang flags: no-writes refuses writes; the code keeps its line numbers", ({ expect }) => {
    const { run } = createTestEngine();
    expect(
      run("EVAL", "#!lua flags=no-writes,allow-oom\nreturn redis.call('get','k')", "0"),
    ).toEqual(r.nil);
    expect(run("EVAL", "#!lua flags=\nreturn 1", "0")).toEqual(r.int(1));
    expect(run("EVAL", "#!lua flags=no-writes\nreturn redis.call('set','a','b')", "0")).toEqual(
      r.err(
        "ERR Write commands are not allowed from read-only scripts. script: 6acb400a50fe96e33eca4e0af6e9dcfb21193726, on @user_script:2.",
      ),
    );
    expect(run("EXISTS", "a")).toEqual(r.int(0));
  });

  test("the script runs as its own client: SELECT stays inside it", ({ expect }) => {
    const { run } = createTestEngine();
    expect(
      run("EVAL", "redis.call('select', 1); return redis.call('set', 'k', 'in1')", "0"),
    ).toEqual(r.ok);
    expect(run("GET", "k")).toEqual(r.nil);
    run("SELECT", "1");
    expect(run("GET", "k")).toEqual(r.bulk("in1"));
    expect(run("EVAL", "return redis.call('get', 'k')", "0")).toEqual(r.bulk("in1"));
  });

  test("writes are logged as the commands the script ran, in their databases, never as EVAL", ({
    expect,
  }) => {
    const effects: Effect[] = [];
    const { run } = createTestEngine({ onEffects: (unit) => effects.push(...unit) });
    run(
      "EVAL",
      "redis.call('set', 'a', '1'); redis.call('get', 'a'); redis.call('select', 2); redis.call('incr', 'n'); return 1",
      "0",
    );
    expect(effects).toEqual([
      { db: 0, argv: ["SET", "a", "1"] },
      { db: 2, argv: ["incr", "n"] },
    ]);
    effects.length = 0;
    run("EVAL", "return redis.call('get', 'a')", "0");
    run("EVAL", "return 1", "0");
    expect(effects).toEqual([]);
  });

  test("a script is atomic and sees one frozen time; expiry follows the clock", ({ expect }) => {
    const { run, clock } = createTestEngine();
    expect(
      run("EVAL", "redis.call('set', 'k', 'v', 'PX', 100); return redis.call('pttl', 'k')", "0"),
    ).toEqual(r.int(100));
    clock.advance(99);
    expect(run("EVAL", "return redis.call('get', 'k')", "0")).toEqual(r.bulk("v"));
    clock.advance(1);
    expect(run("EVAL", "return redis.call('get', 'k')", "0")).toEqual(r.nil);
  });

  test("WRONGTYPE from a command is a script error", ({ expect }) => {
    const { run } = createTestEngine();
    run("RPUSH", "l", "x");
    const reply = run("EVAL", "return redis.call('get', 'l')", "0");
    expect(reply.kind === "error" && reply.message).toMatch(/^WRONGTYPE Operation against a key/);
  });

  test("scripts are cached for EVALSHA", ({ expect }) => {
    const { run } = createTestEngine();
    run("EVAL", "return redis.call('incr','k')", "0");
    expect(run("SCRIPT", "EXISTS", SHA_INCR)).toEqual(r.arr(r.int(1)));
    expect(run("EVALSHA", SHA_INCR, "0")).toEqual(r.int(2));
  });

  test("a script past busy-reply-threshold inside MULTI cannot yield: it is aborted as if killed", ({
    expect,
  }) => {
    const { engine, session, run } = createTestEngine();
    run("CONFIG", "SET", "busy-reply-threshold", "20");
    const [reply] =
      engine.exec(
        [
          [
            "EVAL",
            "local i = 0\nwhile true do pcall(function() while true do i = i + 1 end end) end",
            "0",
          ],
        ],
        session,
      ) ?? [];
    expect(reply?.kind === "error" && reply.message).toMatch(
      /^ERR Script killed by user with SCRIPT KILL\.\.\. script: [0-9a-f]{40}, on @user_script:\d\.$/,
    );
    // The engine is usable afterwards.
    expect(run("EVAL", "return 1", "0")).toEqual(r.int(1));
  });

  // Each of these once kept a run spinning: count ticks landing in prelude code, coroutines created
  // before the limit, a message handler or a finalizer running with hooks off. Each either yields
  // (and SCRIPT KILL stops it) or, where no yield can cross (a coroutine of the script's own), is
  // aborted one more limit later.
  test.for([
    "coroutine.wrap(function() while true do end end)()",
    "while true do pcall(coroutine.wrap(function() while true do end end)) end",
    "local co = coroutine.create(function() while true do end end) while true do coroutine.resume(co) end",
    "while true do pcall(error) end",
    "local t = {3, 1, 2} while true do table.sort(t, function(a, b) return a < b end) end",
    "while true do xpcall(function() while true do end end, function() while true do end end) end",
    "while true do setmetatable({}, {__gc = function() while true do end end}) collectgarbage() end",
    "while true do cjson.decode(cjson.encode({1, 2, 3})) end",
    "local function f() return f() end return f()",
  ])("a busy loop ends at the limit or by SCRIPT KILL: %s", async (script, { expect }) => {
    const { engine, execute, run } = createTestEngine();
    run("CONFIG", "SET", "busy-reply-threshold", "10");
    const result = execute("EVAL", script, "0");
    let reply = result;
    if (result.kind === "blocked" && result.pending !== undefined) {
      const other = engine.createSession({ address: "127.0.0.1:2" });
      expect(engine.execute(["SCRIPT", "KILL"], other)).toEqual(r.ok);
      reply = await result.pending;
    }
    expect(reply.kind === "error" && reply.message).toMatch(/^ERR Script killed by user/);
    expect(run("EVAL", "return 1", "0")).toEqual(r.int(1));
  });

  test("XREAD and XREADGROUP refuse BLOCK inside scripts, as Redis does", ({ expect }) => {
    const { run } = createTestEngine();
    run("XADD", "st", "1-1", "f", "v");
    run("XGROUP", "CREATE", "st", "g", "0");
    expect(
      run("EVAL", "return redis.pcall('xread', 'BLOCK', '0', 'streams', 'st', '0')", "0"),
    ).toEqual(r.err("ERR xread command is not allowed with BLOCK option from scripts"));
    expect(
      run(
        "EVAL",
        "return redis.pcall('xreadgroup', 'group', 'g', 'c', 'block', '1', 'streams', 'st', '>')",
        "0",
      ),
    ).toEqual(r.err("ERR xreadgroup command is not allowed with BLOCK option from scripts"));
    // Without BLOCK it reads.
    expect(run("EVAL", "return #redis.call('xread', 'streams', 'st', '0')", "0")).toEqual(r.int(1));
  });

  test("5.1 never finalizes tables: __gc stays in the metatable but is not called", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    expect(
      run(
        "EVAL",
        "local n = 0 local mt = {__gc = function() n = 1 end} local t = setmetatable({}, mt) t = nil collectgarbage() return {n, type(mt.__gc)}",
        "0",
      ),
    ).toEqual(r.arr(r.int(0), r.bulk("function")));
  });

  test("math.random is Redis's generator: one sequence for all scripts", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("EVAL", "return {math.random(100), math.random(100)}", "0")).toEqual(
      r.arr(r.int(40), r.int(85)),
    );
    expect(run("EVAL", "math.randomseed(7); return math.random(1000)", "0")).toEqual(r.int(267));
  });

  test("redis.* helpers", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("EVAL", "return redis.sha1hex('')", "0")).toEqual(
      r.bulk("da39a3ee5e6b4b0d3255bfef95601890afd80709"),
    );
    expect(
      run("EVAL", "return redis.REDIS_VERSION .. ' ' .. redis.REDIS_VERSION_NUM", "0"),
    ).toEqual(r.bulk("8.2.0 524800"));
    expect(run("EVAL", "return {redis.replicate_commands(), redis.breakpoint()}", "0")).toEqual(
      r.arr(r.int(1), r.nil),
    );
    expect(run("EVAL", "return redis.debug('x')", "0")).toEqual(r.nil);
    expect(
      run(
        "EVAL",
        "redis.setresp(2); redis.set_repl(redis.REPL_ALL); redis.log(redis.LOG_WARNING, 'x'); return 1",
        "0",
      ),
    ).toEqual(r.int(1));
    expect(run("EVAL", "return redis.acl_check_cmd('get', 'x')", "0")).toEqual(r.int(1));
  });

  test.for([
    ["redis.sha1hex()", "ERR wrong number of arguments"],
    ["redis.setresp(4)", "ERR RESP version must be 2 or 3."],
    ["redis.setresp()", "ERR redis.setresp() requires one argument."],
    [
      "redis.set_repl(99)",
      "ERR Invalid replication flags. Use REPL_AOF, REPL_REPLICA, REPL_ALL or REPL_NONE.",
    ],
    ["redis.set_repl()", "ERR redis.set_repl() requires two arguments."],
    ["redis.log(99, 'x')", "ERR Invalid debug level."],
    ["redis.log('x', 'y')", "ERR First argument must be a number (log level)."],
    ["redis.log(1)", "ERR redis.log() requires two arguments or more."],
    ["redis.acl_check_cmd('nosuch')", "ERR Invalid command passed to redis.acl_check_cmd()"],
  ] as const)("%s raises %s", ([call, message], { expect }) => {
    const { run } = createTestEngine();
    const reply = run("EVAL", `return ${call}`, "0");
    expect(reply.kind === "error" && reply.message).toMatch(
      new RegExp(
        `^${message.replace(/[.()]/g, "\\$&")} script: [0-9a-f]{40}, on @user_script:1\\.$`,
      ),
    );
  });

  const stackLimit = "ERR reached lua stack limit";
  test.for([
    // The emulator's 1000 levels (Redis: 7995 arrays, 2665 maps or sets); every value at that depth,
    // a map's key and value alike, is the error.
    ["local t = {} t[1] = t return t", 1000, [stackLimit]],
    ["local t = {} t[1] = {1, t} return t", 1000, [stackLimit, stackLimit]],
    ["local t = {} t.map = {a = t} return t", 1000, [stackLimit, stackLimit]],
    ["local t = {} t.set = {[t] = true} return t", 1000, [stackLimit]],
  ] as const)(
    "a reply nested too deep ends with Redis's stack-limit error: %s",
    ([script, depth, innermost], { expect }) => {
      const { run } = createTestEngine();
      let reply = run("EVAL", script, "0");
      let levels = 0;
      let last: readonly Reply[] = [];
      while (reply.kind === "array" || reply.kind === "map" || reply.kind === "set") {
        last = reply.items;
        reply =
          reply.items.find((item) => item.kind !== "bulk" && item.kind !== "integer") ?? r.nil;
        levels++;
      }
      expect(levels).toBe(depth);
      expect(last).toEqual(innermost.map((message) => r.err(message)));
    },
  );
});
