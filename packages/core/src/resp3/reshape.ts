/**
 * How a command's RESP2 reply is written to a RESP3 client (src/networking.c addReplyMapLen,
 * addReplySetLen, addReplyDouble): servers answer in RESP2 terms, and the command's shape says
 * which arrays are maps or sets and which bulk strings are doubles. The rules are written once,
 * over a reply model (`Resp3Model`), since the emulator applies them to two: the RESP listener to
 * `Resp2Value`s (a proxied Redis's replies included), and scripts to the engine's own replies when
 * a script asks for RESP3 (`redis.setresp(3)`).
 */

/**
 * A command's RESP3 shape, where it has one:
 * - `map`: the flat `[field, value, …]` array is a map (HGETALL, CONFIG GET, XINFO STREAM, …)
 * - `maps`: an array of such flat arrays, each a map (XINFO GROUPS, XINFO CONSUMERS)
 * - `set`: the array is a set (SMEMBERS, SINTER, SPOP with a count, …)
 * - `double`: a bulk-string number is a double (ZSCORE, ZINCRBY, ZADD … INCR)
 * - `doubles`: an array of those (ZMSCORE); `positions`: GEOPOS's `[longitude, latitude]` pairs
 * - `scored`: with WITHSCORES, `[member, score, …]` becomes `[[member, score(double)], …]`
 * - `pop`: ZPOPMIN/ZPOPMAX: with a count as `scored`, without it `[member, score(double)]`
 * - `key-member-score`: BZPOPMIN/BZPOPMAX's `[key, member, score(double)]`
 * - `key-scored`: ZMPOP/BZMPOP's `[key, [[member, score], …]]` with the scores as doubles
 * - `valued`: with WITHVALUES, `[field, value, …]` becomes `[[field, value], …]` (HRANDFIELD)
 * - `streams`: XREAD/XREADGROUP's `[[key, entries], …]` is a map of key to entries
 * - `geo-search`: GEOSEARCH/GEORADIUS's `WITHCOORD` pairs are doubles
 * - `function-list`: FUNCTION LIST's libraries and functions are maps, `flags` a set
 * - `function-stats`: FUNCTION STATS's map of maps
 * - `tracking-info`: CLIENT TRACKINGINFO's map, `flags` a set
 * - `memory-stats`: MEMORY STATS's map, each `db.N` a map and the ratios (bulk strings) doubles
 * - `stream-info`: XINFO STREAM's map; with FULL, each group and each consumer a map too
 * - `command-info`: COMMAND and COMMAND INFO's entries, whose flags, ACL categories, tips and
 *   subcommands are sets and key specs a set of maps (src/server.c addReplyCommandInfo)
 * - `command-docs`: COMMAND DOCS' map of name to a map of doc fields, subcommands likewise
 * - `acl-user`: ACL GETUSER's map, `flags` a set and each selector a map
 * - `keys-and-flags`: COMMAND GETKEYSANDFLAGS's `[key, flags]` pairs, the flags a set
 * - `rank-score`: ZRANK/ZREVRANK … WITHSCORE's `[rank, score]`, the score a double (Redis 7.2)
 */
export type Resp3Shape =
  | "map"
  | "maps"
  | "set"
  | "double"
  | "doubles"
  | "positions"
  | "scored"
  | "pop"
  | "key-member-score"
  | "key-scored"
  | "valued"
  | "streams"
  | "geo-search"
  | "function-list"
  | "function-stats"
  | "tracking-info"
  | "memory-stats"
  | "stream-info"
  | "command-info"
  | "command-docs"
  | "acl-user"
  | "keys-and-flags"
  | "rank-score";

/** What reshaping reads of a RESP2 reply (`TIn`) and builds of a RESP3 reply (`TOut`). */
export interface Resp3Model<TIn, TOut> {
  /** An array's items; undefined for any other value. */
  items(value: TIn): readonly TIn[] | undefined;
  /** A bulk string as a binary (Latin-1) string; undefined for any other value. */
  bulkText(value: TIn): string | undefined;
  /** The value as RESP3 writes it without a shape: its nulls RESP3's null, the rest unchanged. */
  plain(value: TIn): TOut;
  array(items: TOut[]): TOut;
  set(items: TOut[]): TOut;
  map(entries: [TOut, TOut][]): TOut;
  /** A double; `text` is the server's own text of it, undefined for the shortest form. */
  double(value: number, text: string | undefined): TOut;
}

/** A command's request as reshaping reads it: its shape, and its arguments as binary strings. */
export interface Resp3Request {
  readonly shape: Resp3Shape;
  readonly argv: readonly string[];
}

/**
 * The reshaping of `model`'s replies: a function that writes `value`, the RESP2 reply to a
 * request, as Redis writes it to a RESP3 client. Errors and values the shape does not expect stay
 * plain.
 */
export function resp3Reshaper<TIn, TOut>(
  model: Resp3Model<TIn, TOut>,
): (value: TIn, request: Resp3Request) => TOut {
  const reshaper = new Reshaper(model);
  return (value, request) => reshaper.reshape(value, request.shape, request.argv);
}

type Convert<TIn, TOut> = (value: TIn) => TOut;

class Reshaper<TIn, TOut> {
  readonly #model: Resp3Model<TIn, TOut>;

  constructor(model: Resp3Model<TIn, TOut>) {
    this.#model = model;
  }

  reshape(value: TIn, shape: Resp3Shape, argv: readonly string[]): TOut {
    const m = this.#model;
    const items = m.items(value);
    if (items === undefined) {
      return shape === "double" ? this.double(value) : m.plain(value);
    }
    switch (shape) {
      case "map":
        return this.map(items);
      case "maps":
        return this.arrayOf((entry) => this.map(entry))(value);
      case "set":
        return m.set(items.map((item) => m.plain(item)));
      case "double":
      case "doubles":
        return m.array(items.map((item) => this.double(item)));
      case "positions":
        return m.array(items.map((item) => this.coordinates(item)));
      case "geo-search":
        // `[member, distance?, hash?, [longitude, latitude]?]` per match with WITH… options.
        return this.arrayOf((parts) => m.array(parts.map((part) => this.coordinates(part))))(value);
      case "function-list":
        return m.array(items.map((library) => this.library(library)));
      case "function-stats":
        return this.map(items, {
          running_script: this.nestedMap,
          engines: (engines) => {
            const engineItems = m.items(engines);
            return engineItems === undefined
              ? m.plain(engines)
              : this.map(engineItems, { "*": this.nestedMap });
          },
        });
      case "tracking-info":
        return this.map(items, { flags: this.toSet });
      case "memory-stats":
        // addReplyDouble's ratios are bulk strings in RESP2; the `db.N` entries are maps.
        return this.map(items, {
          "*": (entry) =>
            m.items(entry) !== undefined
              ? this.nestedMap(entry)
              : m.bulkText(entry) !== undefined
                ? this.double(entry)
                : m.plain(entry),
        });
      case "stream-info":
        return hasOption(argv, "FULL")
          ? this.map(items, {
              groups: this.arrayOf((group) =>
                this.map(group, { consumers: this.arrayOf((consumer) => this.map(consumer)) }),
              ),
            })
          : this.map(items);
      case "command-info":
        return m.array(items.map((entry) => this.commandInfo(entry)));
      case "command-docs":
        return this.commandDocs(items);
      case "rank-score":
        // The array form only comes with WITHSCORE (zrankGenericCommand's addReplyDouble).
        return this.flatScored(items);
      case "keys-and-flags":
        return this.arrayOf((pair) =>
          m.array(pair.map((part, index) => (index === 1 ? this.toSet(part) : m.plain(part)))),
        )(value);
      case "acl-user":
        return this.map(items, {
          flags: this.toSet,
          selectors: this.arrayOf((selector) => this.map(selector)),
        });
      case "scored":
        return hasOption(argv, "WITHSCORES") ? this.pairs(items, this.double) : m.plain(value);
      case "pop":
        // ZPOPMIN key: `[member, score]`; ZPOPMIN key count: pairs, as Redis 7 writes them.
        return argv.length > 2 ? this.pairs(items, this.double) : this.flatScored(items);
      case "key-member-score":
        return this.flatScored(items);
      case "key-scored": {
        // `[key, [[member, score], …]]` (nested in RESP2 too): the scores become doubles.
        const [key, members] = items;
        return key === undefined || members === undefined || m.items(members) === undefined
          ? m.plain(value)
          : m.array([m.plain(key), this.arrayOf((pair) => this.flatScored(pair))(members)]);
      }
      case "valued":
        return hasOption(argv, "WITHVALUES") ? this.pairs(items, m.plain) : m.plain(value);
      case "streams":
        return m.map(
          items.map((item) => {
            const [key, entries] = m.items(item) ?? [];
            return [
              key === undefined ? m.plain(item) : m.plain(key),
              entries === undefined ? m.plain(item) : m.plain(entries),
            ];
          }),
        );
      default:
        return assertNever(shape);
    }
  }

  /**
   * A flat `[field, value, …]` array as a map; `nested` converts the values of the fields it names
   * (`*`: every field).
   */
  map(items: readonly TIn[], nested: Readonly<Record<string, Convert<TIn, TOut>>> = {}): TOut {
    const m = this.#model;
    const entries: [TOut, TOut][] = [];
    for (let index = 0; index + 1 < items.length; index += 2) {
      const key = items[index] as TIn;
      const convert = nested[m.bulkText(key) ?? ""] ?? nested["*"] ?? m.plain;
      entries.push([m.plain(key), convert(items[index + 1] as TIn)]);
    }
    return m.map(entries);
  }

  readonly nestedMap = (value: TIn): TOut => {
    const items = this.#model.items(value);
    return items === undefined ? this.#model.plain(value) : this.map(items);
  };

  readonly toSet = (value: TIn): TOut => {
    const m = this.#model;
    const items = m.items(value);
    return items === undefined ? m.plain(value) : m.set(items.map((item) => m.plain(item)));
  };

  /** An array whose array items each become `convert(items)`; other values as they are. */
  arrayOf(convert: (items: readonly TIn[]) => TOut): Convert<TIn, TOut> {
    const m = this.#model;
    return (value) => {
      const items = m.items(value);
      return items === undefined
        ? m.plain(value)
        : m.array(
            items.map((item) => {
              const inner = m.items(item);
              return inner === undefined ? m.plain(item) : convert(inner);
            }),
          );
    };
  }

  /**
   * One COMMAND INFO entry (`addReplyCommandInfo`): flags, ACL categories, tips and subcommands
   * are sets, each key spec a map (its `begin_search`/`find_keys` maps with a `spec` map) in a set.
   */
  commandInfo(entry: TIn): TOut {
    const m = this.#model;
    const items = m.items(entry);
    if (items === undefined) {
      return m.plain(entry);
    }
    const search = (part: TIn): TOut => {
      const partItems = m.items(part);
      return partItems === undefined
        ? m.plain(part)
        : this.map(partItems, { spec: this.nestedMap });
    };
    return m.array(
      items.map((item, index) => {
        if (index === 2 || index === 6 || index === 7) {
          return this.toSet(item);
        }
        const inner = m.items(item);
        if (index === 8 && inner !== undefined) {
          return m.set(
            inner.map((spec) => {
              const specItems = m.items(spec);
              return specItems === undefined
                ? m.plain(spec)
                : this.map(specItems, {
                    flags: this.toSet,
                    begin_search: search,
                    find_keys: search,
                  });
            }),
          );
        }
        if (index === 9 && inner !== undefined) {
          // An empty set without subcommands, else an array (addReplyCommandSubCommands).
          return inner.length === 0
            ? m.set([])
            : m.array(inner.map((subcommand) => this.commandInfo(subcommand)));
        }
        return m.plain(item);
      }),
    );
  }

  /**
   * COMMAND DOCS' `[name, docs, …]` as a map of name to a map of doc fields
   * (`addReplyCommandDocs`): `doc_flags` and `history` are sets, `arguments` maps (their `flags`
   * sets, nested `arguments` likewise), `subcommands` the same map again.
   */
  commandDocs(items: readonly TIn[]): TOut {
    const m = this.#model;
    return this.map(items, {
      "*": (docs) => {
        const fields = m.items(docs);
        return fields === undefined
          ? m.plain(docs)
          : this.map(fields, {
              doc_flags: this.toSet,
              history: this.toSet,
              arguments: this.arguments,
              subcommands: (subcommands) => {
                const names = m.items(subcommands);
                return names === undefined ? m.plain(subcommands) : this.commandDocs(names);
              },
            });
      },
    });
  }

  readonly arguments = (value: TIn): TOut =>
    this.arrayOf((argument) =>
      this.map(argument, { flags: this.toSet, arguments: this.arguments }),
    )(value);

  /** A FUNCTION LIST library: a map whose `functions` are maps whose `flags` are a set. */
  library(library: TIn): TOut {
    const items = this.#model.items(library);
    return items === undefined
      ? this.#model.plain(library)
      : this.map(items, {
          functions: this.arrayOf((entry) => this.map(entry, { flags: this.toSet })),
        });
  }

  /** `[longitude, latitude]` as doubles in the shortest form (Redis's RESP2 text has more digits). */
  coordinates(value: TIn): TOut {
    const m = this.#model;
    const items = m.items(value);
    return items === undefined
      ? m.plain(value)
      : m.array(
          items.map((part) => {
            const number = doubleOf(m.bulkText(part));
            return number === undefined ? m.plain(part) : m.double(number, undefined);
          }),
        );
  }

  /** `[a, b, c, d]` → `[[a, f(b)], [c, f(d)]]`. */
  pairs(items: readonly TIn[], second: Convert<TIn, TOut>): TOut {
    const m = this.#model;
    const paired: TOut[] = [];
    for (let index = 0; index + 1 < items.length; index += 2) {
      paired.push(m.array([m.plain(items[index] as TIn), second(items[index + 1] as TIn)]));
    }
    return m.array(paired);
  }

  /** The last item a double, the others as they are. */
  flatScored(items: readonly TIn[]): TOut {
    const m = this.#model;
    const last = items.length - 1;
    return m.array(
      items.map((item, index) => (index === last ? this.double(item) : m.plain(item))),
    );
  }

  /** A bulk-string number as a double, written with the server's text (Redis's own formatting). */
  readonly double = (value: TIn): TOut => {
    const m = this.#model;
    const text = m.bulkText(value);
    const number = doubleOf(text);
    if (text === undefined || number === undefined) {
      return m.plain(value);
    }
    return m.double(number, text.toLowerCase() === "+inf" ? "inf" : text);
  };
}

/** A score's text as a number (`inf`, `+inf`, `-inf` included); undefined for a missing text. */
function doubleOf(text: string | undefined): number | undefined {
  if (text === undefined) {
    return undefined;
  }
  const lower = text.toLowerCase();
  return lower === "inf" || lower === "+inf"
    ? Number.POSITIVE_INFINITY
    : lower === "-inf"
      ? Number.NEGATIVE_INFINITY
      : Number(text);
}

/**
 * Whether `option` (WITHSCORES, WITHVALUES, FULL) is among the arguments, in any ASCII case. Each
 * comes after at least the command's key and one more argument (`ZRANGE key start stop
 * WITHSCORES`, `ZUNION 1 key WITHSCORES`, `HRANDFIELD key count WITHVALUES`, `XINFO STREAM key
 * FULL`), so the search starts there: a key named `withscores` is not the option.
 */
function hasOption(argv: readonly string[], option: string): boolean {
  for (let index = 3; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (arg.length === option.length && arg.toUpperCase() === option) {
      return true;
    }
  }
  return false;
}

function assertNever(shape: never): never {
  throw new Error(`unknown RESP3 shape ${String(shape)}`);
}
