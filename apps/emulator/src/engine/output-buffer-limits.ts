/**
 * `client-output-buffer-limit <class> <hard> <soft> <soft-seconds> …` (src/config.c
 * setConfigClientOutputBufferLimitOption): per client class, the output a client may have waiting
 * before it is disconnected. CONFIG SET changes only the classes it names; CONFIG GET shows all
 * three, `slave` under Redis's old name. Checked against redis-server 7.0: values, error texts,
 * `1k` = 1000 bytes (memtoull), and tokens split on single spaces, so a doubled space is an error.
 */

/** One class's limit; 0 disables a bound. */
export interface OutputBufferLimit {
  readonly hardBytes: number;
  readonly softBytes: number;
  readonly softSeconds: number;
}

/** The client classes in CONFIG GET order (Redis's CLIENT_TYPE_NORMAL, _SLAVE, _PUBSUB). */
export const OUTPUT_BUFFER_CLASSES = ["normal", "slave", "pubsub"] as const;

export type OutputBufferClass = (typeof OUTPUT_BUFFER_CLASSES)[number];

export type OutputBufferLimits = Readonly<Record<OutputBufferClass, OutputBufferLimit>>;

/** Redis's defaults (redis.conf). */
export const DEFAULT_OUTPUT_BUFFER_LIMIT =
  "normal 0 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60";

const MEMORY_UNITS: Readonly<Record<string, number>> = {
  b: 1,
  k: 1e3,
  kb: 1024,
  m: 1e6,
  mb: 1024 ** 2,
  g: 1e9,
  gb: 1024 ** 3,
};

/** `memtoull`: a non-negative count with an optional unit (1k, 1kb, 1m, 1gb, …) as bytes. */
export function memoryToBytes(text: string): number | undefined {
  const match = /^(\d+)([a-z]*)$/i.exec(text);
  const unit = MEMORY_UNITS[(match?.[2] || "b").toLowerCase()];
  return match === null || unit === undefined ? undefined : Number(match[1]) * unit;
}

/** `getClientTypeByName`, limited to the classes that have limits (`master` is refused). */
function classByName(name: string): OutputBufferClass | undefined {
  const lowered = name.toLowerCase();
  if (lowered === "replica") {
    return "slave";
  }
  return OUTPUT_BUFFER_CLASSES.find((known) => known === lowered);
}

/**
 * The classes a CONFIG SET value names, or the reason it is invalid (Redis's texts). Nothing is
 * applied unless every group is valid.
 */
export function parseOutputBufferLimits(
  text: string,
): Partial<Record<OutputBufferClass, OutputBufferLimit>> | { readonly error: string } {
  const parts = text === "" ? [] : text.split(" ");
  if (parts.length % 4 !== 0) {
    return { error: "Wrong number of arguments in buffer limit configuration." };
  }
  const limits: Partial<Record<OutputBufferClass, OutputBufferLimit>> = {};
  for (let index = 0; index < parts.length; index += 4) {
    const [name = "", hard = "", soft = "", seconds = ""] = parts.slice(index, index + 4);
    const clientClass = classByName(name);
    if (clientClass === undefined) {
      return { error: "Invalid client class specified in buffer limit configuration." };
    }
    const hardBytes = memoryToBytes(hard);
    const softBytes = memoryToBytes(soft);
    const softSeconds = /^\+?\d+$/.test(seconds) ? Number(seconds) : undefined;
    if (hardBytes === undefined || softBytes === undefined || softSeconds === undefined) {
      return {
        error: "Error in hard, soft or soft_seconds setting in buffer limit configuration.",
      };
    }
    limits[clientClass] = { hardBytes, softBytes, softSeconds };
  }
  return limits;
}

/** The CONFIG GET form: every class, in order, in bytes. */
export function formatOutputBufferLimits(limits: OutputBufferLimits): string {
  return OUTPUT_BUFFER_CLASSES.map((clientClass) => {
    const { hardBytes, softBytes, softSeconds } = limits[clientClass];
    return `${clientClass} ${hardBytes} ${softBytes} ${softSeconds}`;
  }).join(" ");
}

const DEFAULT_LIMITS = parseOutputBufferLimits(DEFAULT_OUTPUT_BUFFER_LIMIT) as OutputBufferLimits;

/** Writes check the limits on every reply: the last value read is kept parsed. */
let lastRead: { value: string; limits: OutputBufferLimits } = {
  value: DEFAULT_OUTPUT_BUFFER_LIMIT,
  limits: DEFAULT_LIMITS,
};

/** Reads a stored (canonical, all-class) value; parsed once per distinct value. */
export function readOutputBufferLimits(value: string): OutputBufferLimits {
  if (value !== lastRead.value) {
    const parsed = parseOutputBufferLimits(value);
    lastRead = { value, limits: { ...DEFAULT_LIMITS, ...("error" in parsed ? {} : parsed) } };
  }
  return lastRead.limits;
}

/** CONFIG's validator: the value as given, once every group in it is valid. */
export function validateOutputBufferLimits(
  text: string,
): { readonly value: string } | { readonly error: string } {
  const parsed = parseOutputBufferLimits(text);
  return "error" in parsed ? parsed : { value: text };
}

/**
 * A validated value naming some classes, merged into `current` (all classes): the canonical
 * all-class form CONFIG GET shows.
 */
export function mergeOutputBufferLimits(current: string, text: string): string {
  const parsed = parseOutputBufferLimits(text);
  return formatOutputBufferLimits({
    ...readOutputBufferLimits(current),
    ...("error" in parsed ? {} : parsed),
  });
}
