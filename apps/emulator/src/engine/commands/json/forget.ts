import { defineJsonDelete } from "./del.ts";

/**
 * JSON.FORGET key [path]: an alias of JSON.DEL.
 * @see https://redis.io/commands/json.forget
 */
export const jsonForget = defineJsonDelete("JSON.FORGET");
