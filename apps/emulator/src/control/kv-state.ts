/**
 * The key-value databases as a {@link StatefulProduct}: reset is FLUSHALL on the database's backend
 * (logged and persisted like any write; over a proxied Redis, the proxied one is flushed), and the
 * seed section is `{"<database>": [["SET", "k", "v"], …]}`, commands run in order.
 */

import { utf8ToBinary } from "../kv/argv.ts";
import type { KvDatabase } from "../kv/database.ts";
import { StateError, type StatefulProduct } from "./state.ts";

/** Seeds and resets arrive as an administrator's commands, never read-only. */
const CALLER = { isReadOnly: false, address: "0.0.0.0:0" } as const;

type KvSeed = Readonly<Record<string, readonly (readonly string[])[]>>;

export function kvStateProduct(databases: ReadonlyMap<string, KvDatabase>): StatefulProduct {
  const database = (name: string): KvDatabase => {
    const found = databases.get(name);
    if (found === undefined) {
      throw new StateError(`kv: no database named "${name}"`, 404);
    }
    return found;
  };
  const run = async (name: string, commands: readonly (readonly string[])[]): Promise<void> => {
    const replies = await database(name).backend.pipeline(
      commands.map((argv) => argv.map(utf8ToBinary)),
      CALLER,
    );
    replies.forEach((reply, index) => {
      if (reply.kind === "error") {
        throw new StateError(
          `kv seed of "${name}", command ${index + 1} (${commands[index]?.join(" ")}): ${reply.message}`,
        );
      }
    });
  };
  return {
    name: "kv",
    resources: () => [...databases.keys()],
    async reset(resource) {
      for (const name of resource === undefined ? databases.keys() : [resource]) {
        await run(name, [["FLUSHALL"]]);
      }
    },
    validateSeed(section) {
      checkKvSeed(section);
    },
    async seed(section, resource) {
      const seed = checkKvSeed(section);
      for (const [name, commands] of Object.entries(seed)) {
        if (resource === undefined || resource === name) {
          await run(name, commands);
        }
      }
    },
  };
}

function checkKvSeed(section: unknown): KvSeed {
  if (typeof section !== "object" || section === null || Array.isArray(section)) {
    throw new StateError('seed "kv": expected {"<database>": [["SET", "key", "value"], …]}');
  }
  for (const [name, commands] of Object.entries(section)) {
    const isValid =
      Array.isArray(commands) &&
      commands.every(
        (argv: unknown) =>
          Array.isArray(argv) &&
          argv.length > 0 &&
          argv.every((word: unknown) => typeof word === "string"),
      );
    if (!isValid) {
      throw new StateError(
        `seed "kv"."${name}": expected a list of commands, each a non-empty list of strings`,
      );
    }
  }
  return section as KvSeed;
}
