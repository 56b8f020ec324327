/**
 * A reply as a RESP3 connection gets it: the backends answer in RESP2 terms, and the command's
 * `resp3` shape (the command table, `engine/commands/define.ts`) says how Redis writes it under
 * RESP3: maps, sets, doubles, pairs. Nulls (`$-1`, `*-1`) are RESP3's one null everywhere; errors
 * stay where they are.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import type { Resp3Value } from "@stratus/core/resp3";
import { asciiUpper } from "../kv/argv.ts";
import type { Argv } from "../kv/backend.ts";
import type { Command } from "../kv/command-info.ts";

type Shape = NonNullable<Command["resp3"]>;

const NULL: Resp3Value = { kind: "null" };

/** The same value with RESP3's null; other kinds are the same in both protocols. */
export function plainResp3(value: Resp2Value): Resp3Value {
  switch (value.kind) {
    case "null":
    case "null-array":
      return NULL;
    case "array":
      return { kind: "array", items: value.items.map(plainResp3) };
    default:
      return value;
  }
}

/** A pushed value (pub/sub message, subscribe confirmation) as a RESP3 push; MONITOR lines stay. */
export function pushResp3(value: Resp2Value): Resp3Value {
  return value.kind === "array"
    ? { kind: "push", items: value.items.map(plainResp3) }
    : plainResp3(value);
}

/** `command`'s reply to `argv` as Redis writes it to a RESP3 client. */
export function toResp3(
  value: Resp2Value,
  request: { command: Command | undefined; argv: Argv },
): Resp3Value {
  const shape = request.command?.resp3;
  if (shape === undefined || value.kind === "error") {
    return plainResp3(value);
  }
  return reshape(value, { shape, argv: request.argv });
}

function reshape(value: Resp2Value, request: { shape: Shape; argv: Argv }): Resp3Value {
  if (value.kind !== "array") {
    return request.shape === "double" ? toDouble(value) : plainResp3(value);
  }
  const { items } = value;
  switch (request.shape) {
    case "map":
      return toMap(items);
    case "maps":
      return {
        kind: "array",
        items: items.map((item) => (item.kind === "array" ? toMap(item.items) : plainResp3(item))),
      };
    case "set":
      return { kind: "set", items: items.map(plainResp3) };
    case "double":
    case "doubles":
      return { kind: "array", items: items.map(toDouble) };
    case "positions":
      return { kind: "array", items: items.map(toCoordinates) };
    case "geo-search":
      // `[member, distance?, hash?, [longitude, latitude]?]` per match with WITH… options.
      return {
        kind: "array",
        items: items.map((item) =>
          item.kind === "array"
            ? {
                kind: "array",
                items: item.items.map((part) =>
                  part.kind === "array" ? toCoordinates(part) : plainResp3(part),
                ),
              }
            : plainResp3(item),
        ),
      };
    case "function-list":
      return { kind: "array", items: items.map(toLibrary) };
    case "function-stats":
      return toMap(items, {
        running_script: toNestedMap,
        engines: (engines) =>
          engines.kind === "array"
            ? toMap(engines.items, { "*": toNestedMap })
            : plainResp3(engines),
      });
    case "tracking-info":
      return toMap(items, { flags: toSet });
    case "memory-stats":
      // addReplyDouble's ratios are bulk strings in RESP2; the `db.N` entries are maps.
      return toMap(items, {
        "*": (entry) =>
          entry.kind === "array"
            ? toNestedMap(entry)
            : entry.kind === "bulk"
              ? toDouble(entry)
              : plainResp3(entry),
      });
    case "stream-info":
      return hasOption(request.argv, "FULL")
        ? toMap(items, { groups: arrayOf((group) => toMap(group, { consumers: arrayOf(toMap) })) })
        : toMap(items);
    case "command-info":
      return { kind: "array", items: items.map(toCommandInfo) };
    case "command-docs":
      return toCommandDocs(items);
    case "rank-score":
      // The array form only comes with WITHSCORE (zrankGenericCommand's addReplyDouble).
      return flatScored(items);
    case "keys-and-flags":
      return arrayOf((pair) => ({
        kind: "array",
        items: pair.map((part, index) => (index === 1 ? toSet(part) : plainResp3(part))),
      }))(value);
    case "acl-user":
      return toMap(items, { flags: toSet, selectors: arrayOf(toMap) });
    case "scored":
      return hasOption(request.argv, "WITHSCORES") ? pairs(items, toDouble) : plainResp3(value);
    case "pop":
      // ZPOPMIN key: `[member, score]`; ZPOPMIN key count: pairs, as Redis 7 writes them.
      return request.argv.length > 2 ? pairs(items, toDouble) : flatScored(items);
    case "key-member-score":
      return flatScored(items);
    case "key-scored": {
      // `[key, [[member, score], …]]` (nested in RESP2 too): the scores become doubles.
      const [key, members] = items;
      return key === undefined || members?.kind !== "array"
        ? plainResp3(value)
        : {
            kind: "array",
            items: [
              plainResp3(key),
              {
                kind: "array",
                items: members.items.map((pair) =>
                  pair.kind === "array" ? flatScored(pair.items) : plainResp3(pair),
                ),
              },
            ],
          };
    }
    case "valued":
      return hasOption(request.argv, "WITHVALUES") ? pairs(items, plainResp3) : plainResp3(value);
    case "streams":
      return {
        kind: "map",
        entries: items.map((item) => {
          const [key, entries] = item.kind === "array" ? item.items : [];
          return [
            plainResp3(key ?? { kind: "null" }),
            plainResp3(entries ?? { kind: "null" }),
          ] as const;
        }),
      };
    default:
      return assertNever(request.shape);
  }
}

function assertNever(shape: never): never {
  throw new Error(`unknown RESP3 shape ${String(shape)}`);
}

function hasOption(argv: Argv, option: string): boolean {
  return argv.some(
    (arg, index) => index > 0 && arg.length === option.length && asciiUpper(arg) === option,
  );
}

/**
 * A flat `[field, value, …]` array as a map; `nested` converts the values of the fields it names
 * (`*`: every field).
 */
function toMap(
  items: readonly Resp2Value[],
  nested: Readonly<Record<string, (value: Resp2Value) => Resp3Value>> = {},
): Resp3Value {
  const entries: [Resp3Value, Resp3Value][] = [];
  for (let index = 0; index + 1 < items.length; index += 2) {
    const key = items[index] as Resp2Value;
    const value = items[index + 1] as Resp2Value;
    const name = key.kind === "bulk" ? Buffer.from(key.value).toString("latin1") : "";
    const convert = nested[name] ?? nested["*"] ?? plainResp3;
    entries.push([plainResp3(key), convert(value)]);
  }
  return { kind: "map", entries };
}

function toNestedMap(value: Resp2Value): Resp3Value {
  return value.kind === "array" ? toMap(value.items) : plainResp3(value);
}

function toSet(value: Resp2Value): Resp3Value {
  return value.kind === "array"
    ? { kind: "set", items: value.items.map(plainResp3) }
    : plainResp3(value);
}

/** An array whose array items each become `convert(items)`; other values as they are. */
function arrayOf(
  convert: (items: readonly Resp2Value[]) => Resp3Value,
): (value: Resp2Value) => Resp3Value {
  return (value) =>
    value.kind === "array"
      ? {
          kind: "array",
          items: value.items.map((item) =>
            item.kind === "array" ? convert(item.items) : plainResp3(item),
          ),
        }
      : plainResp3(value);
}

/**
 * One COMMAND INFO entry (`addReplyCommandInfo`): flags, ACL categories, tips and subcommands are
 * sets, each key spec a map (its `begin_search`/`find_keys` maps with a `spec` map) in a set.
 */
function toCommandInfo(entry: Resp2Value): Resp3Value {
  if (entry.kind !== "array") {
    return plainResp3(entry);
  }
  const setAt = new Set([2, 6, 7]);
  return {
    kind: "array",
    items: entry.items.map((item, index) => {
      if (setAt.has(index)) {
        return toSet(item);
      }
      if (index === 8 && item.kind === "array") {
        const search = (part: Resp2Value): Resp3Value =>
          part.kind === "array" ? toMap(part.items, { spec: toNestedMap }) : plainResp3(part);
        return {
          kind: "set",
          items: item.items.map((spec) =>
            spec.kind === "array"
              ? toMap(spec.items, { flags: toSet, begin_search: search, find_keys: search })
              : plainResp3(spec),
          ),
        };
      }
      if (index === 9 && item.kind === "array") {
        // An empty set without subcommands, else an array (addReplyCommandSubCommands).
        return item.items.length === 0
          ? { kind: "set", items: [] }
          : { kind: "array", items: item.items.map(toCommandInfo) };
      }
      return plainResp3(item);
    }),
  };
}

/**
 * COMMAND DOCS' `[name, docs, …]` as a map of name to a map of doc fields
 * (`addReplyCommandDocs`): `doc_flags` and `history` are sets, `arguments` maps (their `flags`
 * sets, nested `arguments` likewise), `subcommands` the same map again.
 */
function toCommandDocs(items: readonly Resp2Value[]): Resp3Value {
  return toMap(items, {
    "*": (docs) =>
      docs.kind === "array"
        ? toMap(docs.items, {
            doc_flags: toSet,
            history: toSet,
            arguments: toArguments,
            subcommands: (subcommands) =>
              subcommands.kind === "array"
                ? toCommandDocs(subcommands.items)
                : plainResp3(subcommands),
          })
        : plainResp3(docs),
  });
}

function toArguments(value: Resp2Value): Resp3Value {
  return arrayOf((argument) => toMap(argument, { flags: toSet, arguments: toArguments }))(value);
}

/** A FUNCTION LIST library: a map whose `functions` are maps whose `flags` are a set. */
function toLibrary(library: Resp2Value): Resp3Value {
  if (library.kind !== "array") {
    return plainResp3(library);
  }
  return toMap(library.items, {
    functions: (functions) =>
      functions.kind === "array"
        ? {
            kind: "array",
            items: functions.items.map((entry) =>
              entry.kind === "array" ? toMap(entry.items, { flags: toSet }) : plainResp3(entry),
            ),
          }
        : plainResp3(functions),
  });
}

/** `[longitude, latitude]` as doubles in the shortest form (Redis's RESP2 text has more digits). */
function toCoordinates(value: Resp2Value): Resp3Value {
  if (value.kind !== "array") {
    return plainResp3(value);
  }
  return {
    kind: "array",
    items: value.items.map((part) => {
      const double = toDouble(part);
      return double.kind === "double" ? { kind: "double", value: double.value } : double;
    }),
  };
}

/** `[a, b, c, d]` → `[[a, f(b)], [c, f(d)]]`. */
function pairs(
  items: readonly Resp2Value[],
  second: (value: Resp2Value) => Resp3Value,
): Resp3Value {
  const paired: Resp3Value[] = [];
  for (let index = 0; index + 1 < items.length; index += 2) {
    paired.push({
      kind: "array",
      items: [plainResp3(items[index] as Resp2Value), second(items[index + 1] as Resp2Value)],
    });
  }
  return { kind: "array", items: paired };
}

/** The last item a double, the others as they are. */
function flatScored(items: readonly Resp2Value[]): Resp3Value {
  return {
    kind: "array",
    items: items.map((item, index) =>
      index === items.length - 1 ? toDouble(item) : plainResp3(item),
    ),
  };
}

/** A bulk-string number as a double, written with the engine's text (Redis's own formatting). */
function toDouble(value: Resp2Value): Resp3Value {
  if (value.kind !== "bulk") {
    return plainResp3(value);
  }
  const text = Buffer.from(value.value).toString("utf8");
  const lower = text.toLowerCase();
  const number =
    lower === "inf" || lower === "+inf"
      ? Number.POSITIVE_INFINITY
      : lower === "-inf"
        ? Number.NEGATIVE_INFINITY
        : Number(text);
  return { kind: "double", value: number, text: lower === "+inf" ? "inf" : text };
}
