import { describe, test } from "vitest";
import { COMMAND_TABLE, type Command, Engine } from "../engine/index.ts";
import { lookupCommand } from "./command-info.ts";
import { checkCommand, checkLookedUpCommand } from "./policy.ts";

/** Every command and subcommand of the table. */
function allCommands(): Command[] {
  return [...COMMAND_TABLE.values()].flatMap((command) => [
    command,
    ...(command.subcommands?.values() ?? []),
  ]);
}

/** A request naming `command`: its name, split at `|` for a subcommand. */
function argvOf(command: Command): string[] {
  return command.name.split("|");
}

const REST = { isReadOnly: false, surface: "rest" } as const;
const REST_READ_ONLY = { isReadOnly: true, surface: "rest" } as const;
const RESP_READ_ONLY = { isReadOnly: true, surface: "resp" } as const;

/**
 * The name sets `kv/policy.ts` and `resp/connection.ts` kept before the table held these traits:
 * each command they listed now says so in its own file.
 */
describe("the former name sets are traits of their commands", () => {
  test.for(["WATCH", "UNWATCH", "DISCARD", "MULTI", "EXEC"])(
    "%s is refused over REST for transactions",
    (name, { expect }) => {
      expect(COMMAND_TABLE.get(name)?.restRefusal).toBe("transaction");
    },
  );

  test.for([
    "SUBSCRIBE",
    "PSUBSCRIBE",
    "SSUBSCRIBE",
    "UNSUBSCRIBE",
    "PUNSUBSCRIBE",
    "SUNSUBSCRIBE",
  ])("%s is a subscription command, served over REST by a stream endpoint", (name, { expect }) => {
    const command = COMMAND_TABLE.get(name);
    expect(command?.restRefusal).toBe("stream");
    expect(command?.traits.has("subscription")).toBe(true);
  });

  test.for(["PING", "QUIT", "RESET"])("%s may run in RESP2 subscribed mode", (name, { expect }) => {
    expect(COMMAND_TABLE.get(name)?.traits.has("allowed-when-subscribed")).toBe(true);
  });

  test.for(["XREAD", "XREADGROUP"])("%s blocks only with BLOCK", (name, { expect }) => {
    const command = COMMAND_TABLE.get(name);
    expect(command?.traits.has("optionally-blocking")).toBe(true);
    expect(command?.restRefusal).toBeUndefined();
  });

  test.for(["SCAN", "KEYS", "EVAL", "EVALSHA", "FCALL"])(
    "%s is denied to read-only tokens",
    (name, { expect }) => {
      expect(COMMAND_TABLE.get(name)?.isReadOnlyTokenAllowed).toBe(false);
    },
  );

  test.for(["PING", "ECHO"])(
    "%s is served over REST and to read-only tokens",
    (name, { expect }) => {
      const command = COMMAND_TABLE.get(name);
      expect(command?.restRefusal).toBeUndefined();
      expect(command?.isReadOnlyTokenAllowed).toBe(true);
    },
  );

  test.for(["AUTH", "HELLO", "QUIT"])("%s may run before AUTH", (name, { expect }) => {
    expect(COMMAND_TABLE.get(name)?.flags.has("no_auth")).toBe(true);
  });
});

describe("the policy reads the table", () => {
  test.for(allCommands().map((command) => [command.name, command] as const))(
    "%s over REST: refused exactly when its metadata says so",
    ([, command], { expect }) => {
      const argv = argvOf(command);
      const refusal = checkCommand(argv, REST);
      const container = command.name.split("|")[0]?.toLowerCase();
      if (command.restRefusal === undefined) {
        expect(refusal).toBeUndefined();
      } else {
        expect(refusal).toMatch(
          new RegExp(`^ERR Command is not available over REST: '${container}' \\(.+\\)$`),
        );
      }
      // Connection commands are refused unless they say otherwise; blocking ones likewise.
      if (command.group === "connection" && !command.traits.has("rest-served")) {
        expect(command.restRefusal).toBe("connection");
      }
      if (command.flags.has("blocking") && !command.traits.has("optionally-blocking")) {
        expect(command.restRefusal).toBe("blocking");
      }
    },
  );

  test.for(allCommands().map((command) => [command.name, command] as const))(
    "%s with a read-only token: allowed exactly when readonly and not @dangerous, or a trait says",
    ([, command], { expect }) => {
      const expected = command.traits.has("read-only-token-allowed")
        ? true
        : !command.traits.has("read-only-token-denied") &&
          command.flags.has("readonly") &&
          !command.aclCategories.includes("dangerous");
      expect(command.isReadOnlyTokenAllowed).toBe(expected);
      const refusal = checkCommand(argvOf(command), RESP_READ_ONLY);
      expect(refusal === undefined).toBe(expected);
    },
  );

  test("the texts are the service's and the emulator's, byte for byte", ({ expect }) => {
    expect(checkCommand(["select", "1"], REST)).toBe(
      "ERR Command is not available over REST: 'select' (connection commands other than PING and ECHO)",
    );
    expect(checkCommand(["client", "id"], REST)).toBe(
      "ERR Command is not available over REST: 'client' (connection commands other than PING and ECHO)",
    );
    expect(checkCommand(["Multi"], REST)).toBe(
      "ERR Command is not available over REST: 'multi' (use /multi-exec for transactions)",
    );
    expect(checkCommand(["ssubscribe", "c"], REST)).toBe(
      "ERR Command is not available over REST: 'ssubscribe' (use the /subscribe, /psubscribe or /monitor endpoints)",
    );
    expect(checkCommand(["BLPOP", "k", "0"], REST)).toBe(
      "ERR Command is not available over REST: 'blpop' (blocking commands)",
    );
    expect(checkCommand(["scan", "0"], REST_READ_ONLY)).toBe(
      "NOPERM this user has no permissions to run the 'scan' command or its subcommand",
    );
    expect(checkCommand(["config", "set", "a", "b"], REST_READ_ONLY)).toBe(
      "NOPERM this user has no permissions to run the 'config' command or its subcommand",
    );
  });

  test("XREAD and XREADGROUP are refused over REST only with a BLOCK before STREAMS", ({
    expect,
  }) => {
    const blocking = "ERR Command is not available over REST: 'xread' (blocking commands)";
    expect(checkCommand(["XREAD", "COUNT", "1", "block", "0", "STREAMS", "s", "$"], REST)).toBe(
      blocking,
    );
    expect(checkCommand(["XREAD", "STREAMS", "block", "0"], REST)).toBeUndefined();
    expect(
      checkCommand(["XREADGROUP", "GROUP", "g", "c", "BLOCK", "0", "STREAMS", "s", ">"], REST),
    ).toBe("ERR Command is not available over REST: 'xreadgroup' (blocking commands)");
    // RESP clients block as they like.
    expect(checkCommand(["XREAD", "BLOCK", "0", "STREAMS", "s", "$"], RESP_READ_ONLY)).toBe(
      undefined,
    );
  });

  test("unknown commands pass: the backend answers them", ({ expect }) => {
    expect(checkLookedUpCommand(["NOPE"], lookupCommand(["NOPE"]), REST_READ_ONLY)).toBe(undefined);
  });
});

test("emulator traits do not show in COMMAND INFO or COMMAND DOCS", ({ expect }) => {
  const engine = new Engine();
  try {
    const session = engine.createSession({ address: "127.0.0.1:1" });
    const names = allCommands().map((command) => command.fullName);
    const output = JSON.stringify([
      engine.execute(["COMMAND", "INFO", ...names], session),
      engine.execute(["COMMAND", "DOCS", ...names], session),
    ]);
    for (const word of [
      "rest-served",
      "optionally-blocking",
      "read-only-token",
      "allowed-when-subscribed",
      "restRefusal",
    ]) {
      expect(output).not.toContain(word);
    }
    expect(output).toContain("no_auth");
  } finally {
    engine.close();
  }
});
