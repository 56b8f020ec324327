import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand, type KeyReference } from "../define.ts";

/** Where MIGRATE's keys are: the key argument, or every argument after KEYS (with an empty key). */
interface MigrateKeys {
  readonly first: number;
  readonly count: number;
}

/**
 * migrateGetKeys (src/db.c): the key argument, or with `KEYS` (searched after the fixed arguments,
 * skipping COPY, REPLACE and AUTH/AUTH2's values) every argument after it — none when the key
 * argument is not empty then, a syntax error MIGRATE itself reports.
 */
function migrateKeyRange(argv: readonly string[]): MigrateKeys {
  const skips: Readonly<Record<string, number>> = { COPY: 0, REPLACE: 0, AUTH: 1, AUTH2: 2 };
  for (let index = 6; index < argv.length; index++) {
    const word = asciiUpper(argv[index] ?? "");
    if (word === "KEYS") {
      return argv[3] === ""
        ? { first: index + 1, count: argv.length - index - 1 }
        : { first: 3, count: 0 };
    }
    index += skips[word] ?? 0;
  }
  return { first: 3, count: 1 };
}

function migrateKeyPositions(argv: readonly string[]): number[] {
  const { first, count } = migrateKeyRange(argv);
  return Array.from({ length: count }, (_, offset) => first + offset);
}

function migrateKeysWithFlags(argv: readonly string[]): KeyReference[] {
  return migrateKeyPositions(argv).map((position) => ({
    position,
    flags: ["RW", "access", "delete"],
  }));
}

/** migrateCommand's options, in its order: COPY, REPLACE, AUTH, AUTH2, then KEYS ends them. */
function parseMigrate(args: Args): { keys: string[] } {
  const [, , key = "", database = "", timeout = ""] = args.take(5);
  let keys = [key];
  while (args.hasMore()) {
    const option = args.token();
    if (option === "COPY" || option === "REPLACE") {
      continue;
    }
    if (option === "AUTH" && args.remaining >= 1) {
      args.string();
    } else if (option === "AUTH2" && args.remaining >= 2) {
      args.take(2);
    } else if (option === "KEYS") {
      if (key !== "") {
        throw new ReplyError(ERR.MIGRATE_KEYS_WITH_KEY);
      }
      keys = args.rest();
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  // The timeout, then the database index, must be integers (getLongFromObjectOrReply).
  for (const text of [timeout, database]) {
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      throw new ReplyError(ERR.NOT_INTEGER);
    }
  }
  return { keys };
}

/**
 * MIGRATE host port key|"" destination-db timeout [COPY] [REPLACE] [AUTH password | AUTH2 username
 * password] [KEYS key [key ...]]: moves keys to another Redis server.
 *
 * Emulator difference: the engine cannot reach another server. Arguments are checked as Redis
 * checks them and `NOKEY` answered when none of the keys exists (before Redis would connect);
 * otherwise the command is refused with a clear error. COMMAND GETKEYS and GETKEYSANDFLAGS know its
 * keys, as Redis does.
 * @see https://redis.io/commands/migrate
 */
export const migrate = defineCommand({
  name: "MIGRATE",
  group: "generic",
  arity: -6,
  flags: ["write"],
  categories: ["keyspace", "dangerous"],
  keys: { first: 3, last: 3, step: 1 },
  movableKeys: migrateKeyPositions,
  keysWithFlags: migrateKeysWithFlags,
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 3 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["RW", "access", "delete", "incomplete"],
      beginSearch: { keyword: "KEYS", startFrom: -2 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.6.0",
  summary: "Atomically transfers a key from one Redis instance to another.",
  complexity:
    "This command actually executes a DUMP+DEL in the source instance, and a RESTORE in the target instance. See the pages of these commands for time complexity. Also an O(N) data transfer between the two instances is performed.",
  parse: parseMigrate,
  run: (ctx, { keys }) => {
    if (!keys.some((key) => ctx.db.has(key))) {
      return reply.simple("NOKEY");
    }
    throw new ReplyError(ERR.MIGRATE_UNSUPPORTED);
  },
});
