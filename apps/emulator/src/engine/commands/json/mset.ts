import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { parseJsonArg } from "../../values/json/arguments.ts";
import { getJsonDocument, JsonDocument, type JsonValue } from "../../values/json/value.ts";
import { isRootPath, parsePathArg } from "../../values/json-path/path-arg.ts";
import { applyUpdates, planUpdates, type UpdatePlan } from "../../values/json-path/update.ts";
import { defineCommand } from "../define.ts";

/**
 * JSON.MSET key path value [key path value ...]: JSON.SET for several triplets, atomically: every
 * triplet is checked before any is applied. A triplet's path is resolved against the keys as they
 * were before the command.
 * @see https://redis.io/commands/json.mset
 */
export const jsonMset = defineCommand({
  name: "JSON.MSET",
  group: "json",
  arity: -1,
  flags: ["write", "denyoom"],
  keys: { first: 1, last: -1, step: 3 },
  since: "2.6.0",
  summary: "Sets or updates the JSON value of one or more keys",
  complexity:
    "O(K*(M+N)) where k is the number of keys in the command, when path is evaluated to a single value where M is the size of the original value (if it exists) and N is the size of the new value, or O(K*(M+N)) when path is evaluated to multiple values where M is the size of the key and N is the size of the new value * the number of original values in the key",
  parse: (args) => {
    const rest = args.rest();
    if (rest.length === 0 || rest.length % 3 !== 0) {
      throw new ReplyError(ERR.WRONG_ARITY("json.mset"));
    }
    const triplets: { key: string; path: string; value: string }[] = [];
    for (let i = 0; i < rest.length; i += 3) {
      triplets.push({
        key: rest[i] as string,
        path: rest[i + 1] as string,
        value: rest[i + 2] as string,
      });
    }
    return triplets;
  },
  run: (ctx, triplets) => {
    const actions: { key: string; plans: UpdatePlan[] | "root"; value: JsonValue }[] = [];
    for (const triplet of triplets) {
      // Emulator difference: a root triplet's key type is checked here too; RedisJSON checks it
      // only while applying, after earlier triplets were already written.
      const document = getJsonDocument(ctx.db, triplet.key);
      const path = parsePathArg(triplet.path);
      let plans: UpdatePlan[] | "root" = "root";
      if (!isRootPath(path)) {
        if (document === undefined) {
          throw new ReplyError(ERR.JSON_NEW_AT_ROOT);
        }
        plans = planUpdates(document.root, path.text, "none");
      }
      actions.push({ key: triplet.key, plans, value: parseJsonArg(triplet.value) });
    }
    for (const { key, plans, value } of actions) {
      const document = getJsonDocument(ctx.db, key);
      let updated = true;
      if (plans !== "root") {
        updated =
          document !== undefined && plans.length > 0 && applyUpdates(document, plans, value);
      } else if (document === undefined) {
        ctx.db.set(key, new JsonDocument(value));
      } else {
        document.root = value;
      }
      if (updated) {
        ctx.modified(key, "json.mset", "d");
      }
    }
    return reply.ok();
  },
});
