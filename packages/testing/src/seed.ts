/**
 * Seeding through the REST interface, so the same call fills the embedded engine, a proxied Redis
 * or a real deployment: a declarative `seed(target, data)` and `seedEveryType()` for tests that
 * need one key of each Redis type.
 */
import { type CommandArgs, type KvTarget, runPipeline } from "./rest.ts";
import { uniqueKey } from "./unique-key.ts";

/** Keys to create, by type. Each entry replaces the key if it exists. */
export interface SeedData {
  readonly strings?: Readonly<Record<string, string>>;
  readonly hashes?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Elements in order, head first. */
  readonly lists?: Readonly<Record<string, readonly string[]>>;
  readonly sets?: Readonly<Record<string, readonly string[]>>;
  /** Member → score. */
  readonly sortedSets?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Entries in order, each a field → value map, with generated ids. */
  readonly streams?: Readonly<Record<string, readonly Readonly<Record<string, string>>[]>>;
  /** Member → `[longitude, latitude]`. */
  readonly geo?: Readonly<Record<string, Readonly<Record<string, readonly [number, number]>>>>;
  readonly hyperLogLogs?: Readonly<Record<string, readonly string[]>>;
  /** Bit offsets set to 1. */
  readonly bitmaps?: Readonly<Record<string, readonly number[]>>;
  /** JSON documents (RedisJSON: the embedded engine has it, a plain redis-server does not). */
  readonly json?: Readonly<Record<string, unknown>>;
  /** Key → time to live in ms, applied after every key above is written. */
  readonly ttlMs?: Readonly<Record<string, number>>;
}

/** The commands that write `data`, in one order: delete, write, then expire. */
export function seedCommands(data: SeedData): CommandArgs[] {
  const commands: CommandArgs[] = [];
  const add = <TValue>(
    group: Readonly<Record<string, TValue>> | undefined,
    write: (key: string, value: TValue) => CommandArgs[],
  ): void => {
    for (const [key, value] of Object.entries(group ?? {})) {
      commands.push(["DEL", key], ...write(key, value));
    }
  };
  add(data.strings, (key, value) => [["SET", key, value]]);
  add(data.hashes, (key, fields) => [["HSET", key, ...Object.entries(fields).flat()]]);
  add(data.lists, (key, items) => (items.length === 0 ? [] : [["RPUSH", key, ...items]]));
  add(data.sets, (key, members) => (members.length === 0 ? [] : [["SADD", key, ...members]]));
  add(data.sortedSets, (key, scores) => [
    ["ZADD", key, ...Object.entries(scores).flatMap(([member, score]) => [score, member])],
  ]);
  add(data.streams, (key, entries) =>
    entries.map((fields) => ["XADD", key, "*", ...Object.entries(fields).flat()]),
  );
  add(data.geo, (key, places) => [
    [
      "GEOADD",
      key,
      ...Object.entries(places).flatMap(([member, [lon, lat]]) => [lon, lat, member]),
    ],
  ]);
  add(data.hyperLogLogs, (key, items) => [["PFADD", key, ...items]]);
  add(data.bitmaps, (key, offsets) => offsets.map((offset) => ["SETBIT", key, offset, 1]));
  add(data.json, (key, document) => [["JSON.SET", key, "$", JSON.stringify(document)]]);
  for (const [key, ttlMs] of Object.entries(data.ttlMs ?? {})) {
    commands.push(["PEXPIRE", key, ttlMs]);
  }
  return commands;
}

/** Writes `data` in one `/pipeline` request; throws on the first failed command. */
export async function seed(target: KvTarget, data: SeedData): Promise<void> {
  await runPipeline(target, seedCommands(data));
}

/** The key of each type {@link seedEveryType} created. */
export interface SeededKeys {
  readonly string: string;
  readonly hash: string;
  readonly list: string;
  readonly set: string;
  readonly sortedSet: string;
  readonly stream: string;
  readonly geo: string;
  readonly hyperLogLog: string;
  readonly bitmap: string;
  /** Only with `json: true`. */
  readonly json?: string;
}

/** Options of {@link seedEveryType}. */
export interface SeedEveryTypeOptions {
  /** Key prefix. @default a fresh {@link uniqueKey} */
  readonly prefix?: string;
  /** Also write a RedisJSON document (not on a plain redis-server). @default false */
  readonly json?: boolean;
}

/** Writes one small key of every Redis type under a prefix and returns their names. */
export async function seedEveryType(
  target: KvTarget,
  options: SeedEveryTypeOptions = {},
): Promise<SeededKeys> {
  const prefix = options.prefix ?? uniqueKey("seed");
  const keys = {
    string: `${prefix}:string`,
    hash: `${prefix}:hash`,
    list: `${prefix}:list`,
    set: `${prefix}:set`,
    sortedSet: `${prefix}:zset`,
    stream: `${prefix}:stream`,
    geo: `${prefix}:geo`,
    hyperLogLog: `${prefix}:hll`,
    bitmap: `${prefix}:bitmap`,
    ...(options.json === true ? { json: `${prefix}:json` } : {}),
  };
  await seed(target, {
    strings: { [keys.string]: "hello" },
    hashes: { [keys.hash]: { name: "Ada", role: "engineer" } },
    lists: { [keys.list]: ["a", "b", "c"] },
    sets: { [keys.set]: ["red", "green", "blue"] },
    sortedSets: { [keys.sortedSet]: { alice: 10, bob: 20, carol: 30 } },
    streams: { [keys.stream]: [{ event: "signup" }, { event: "login" }] },
    geo: { [keys.geo]: { rome: [12.4964, 41.9028], paris: [2.3522, 48.8566] } },
    hyperLogLogs: { [keys.hyperLogLog]: ["x", "y", "z"] },
    bitmaps: { [keys.bitmap]: [1, 3, 5] },
    ...(keys.json === undefined ? {} : { json: { [keys.json]: { name: "Ada", tags: ["a"] } } }),
  });
  return keys;
}
