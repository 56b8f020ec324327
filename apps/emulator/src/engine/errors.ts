/**
 * The engine's error catalogue: Redis's exact texts, once (STYLE.md §7.4). Commands throw
 * `ReplyError`; the dispatcher turns it into an error reply.
 */
import { STRING_OVER_ENGINE_LIMIT } from "./bytes.ts";

/** A Redis error reply; `reply` is the whole line without the leading `-`, e.g. `ERR syntax error`. */
export class ReplyError extends Error {
  override readonly name = "ReplyError";
  readonly reply: string;

  constructor(reply: string) {
    super(reply);
    this.reply = reply;
  }
}

/** Redis's error texts (src/server.c shared objects and the commands' own `addReplyError` calls). */
export const ERR = {
  /** A `denyoom` command while used memory is over `maxmemory` (shared.oomerr). */
  OOM: "OOM command not allowed when used memory > 'maxmemory'.",
  WRONGTYPE: "WRONGTYPE Operation against a key holding the wrong kind of value",
  SYNTAX: "ERR syntax error",
  MIGRATE_KEYS_WITH_KEY:
    "ERR When using MIGRATE KEYS option, the key argument must be set to the empty string",
  MIGRATE_UNSUPPORTED:
    "ERR MIGRATE is not supported by the Stratus emulator: it cannot connect to another Redis server",
  NOT_INTEGER: "ERR value is not an integer or out of range",
  NOT_FLOAT: "ERR value is not a valid float",
  NO_SUCH_KEY: "ERR no such key",
  OUT_OF_RANGE: "ERR index out of range",
  INCR_OVERFLOW: "ERR increment or decrement would overflow",
  INCR_NAN_OR_INFINITY: "ERR increment would produce NaN or Infinity",
  NOT_POSITIVE: "ERR value is out of range, must be positive",
  BIT_OFFSET: "ERR bit offset is not an integer or out of range",
  BIT_VALUE: "ERR bit is not an integer or out of range",
  STRING_TOO_LONG: "ERR string exceeds maximum allowed size (proto-max-bulk-len)",
  /** Emulator difference: a string longer than the engine can hold (`bytes.ts`), not Redis's text. */
  STRING_OVER_ENGINE_LIMIT,
  DB_INDEX_OUT_OF_RANGE: "ERR DB index is out of range",
  INVALID_DB_INDEX: "ERR invalid DB index",
  SAME_OBJECT: "ERR source and destination objects are the same",
  NOT_ALLOWED_IN_MULTI: "ERR Command not allowed inside a transaction",
  MULTI_NESTED: "ERR MULTI calls can not be nested",
  EXEC_WITHOUT_MULTI: "ERR EXEC without MULTI",
  DISCARD_WITHOUT_MULTI: "ERR DISCARD without MULTI",
  WATCH_IN_MULTI: "ERR WATCH inside MULTI is not allowed",
  EXECABORT: "EXECABORT Transaction discarded because of previous errors.",
  /** `execCommandAbort` (src/multi.c): the rejection's text without its `ERR ` prefix. */
  EXECABORT_BECAUSE: (error: string): string =>
    `EXECABORT Transaction discarded because of: ${error.replace(/^-?ERR /, "")}`,
  NOPROTO: "NOPROTO unsupported protocol version",
  NOAUTH: "NOAUTH Authentication required.",
  WRONGPASS: "WRONGPASS invalid username-password pair or user is disabled.",
  SUBSCRIBE_CONTEXT: (command: string): string =>
    `ERR Can't execute '${command}': only (P|S)SUBSCRIBE / (P|S)UNSUBSCRIBE / PING / QUIT / RESET are allowed in this context`,
  WRONG_ARITY: (command: string): string =>
    `ERR wrong number of arguments for '${command}' command`,
  INVALID_EXPIRE: (command: string): string => `ERR invalid expire time in '${command}' command`,
  UNKNOWN_SUBCOMMAND: (sub: string, container: string): string =>
    `ERR unknown subcommand '${truncate(sub)}'. Try ${container} HELP.`,
  /** `unknown command 'x', with args beginning with: 'a' 'b' ` (src/server.c processCommand). */
  UNKNOWN_COMMAND: (name: string, args: readonly string[]): string => {
    let beginning = "";
    for (const arg of args) {
      if (beginning.length >= 128) {
        break;
      }
      beginning += `'${truncate(arg, 128 - beginning.length)}' `;
    }
    return `ERR unknown command '${truncate(name)}', with args beginning with: ${beginning}`;
  },
  // String and bitmap groups (src/t_string.c, src/bitops.c, src/db.c delexCommand).
  OFFSET_OUT_OF_RANGE: "ERR offset is out of range",
  DECREMENT_OVERFLOW: "ERR decrement would overflow",
  BIT_ARGUMENT: "ERR The bit argument must be 1 or 0.",
  BITOP_NOT_ONE_KEY: "ERR BITOP NOT must be called with a single source key.",
  BITOP_TWO_KEYS: (operation: string): string =>
    `ERR BITOP ${operation} must be called with at least two source keys.`,
  BITFIELD_TYPE:
    "ERR Invalid bitfield type. Use something like i16 u8. Note that u64 is not supported but i64 is.",
  BITFIELD_OVERFLOW_TYPE: "ERR Invalid OVERFLOW type specified",
  BITFIELD_RO_GET_ONLY: "ERR BITFIELD_RO only supports the GET subcommand",
  LCS_NOT_STRINGS: "ERR The specified keys must contain string values",
  LCS_LEN_AND_IDX: "ERR If you want both the length and indexes, please just use IDX.",
  LCS_TOO_LONG: "ERR String too long for LCS",
  LCS_OVER_LIMIT: "ERR Insufficient memory, transient memory for LCS exceeds proto-max-bulk-len",
  LCS_OUT_OF_MEMORY: "ERR Insufficient memory, failed allocating transient memory for LCS",
  DIGEST_LENGTH: "ERR must be exactly 16 hexadecimal characters",
  DELEX_NOT_STRING: "ERR Key should be of string type if conditions are specified",
  DELEX_CONDITION: "ERR Invalid condition. Use IFEQ, IFNE, IFDEQ, or IFDNE",
  INVALID_NUMKEYS: "ERR invalid numkeys value",
  KEY_VALUE_PAIRS: "ERR wrong number of key-value pairs",
  // Hash and set groups (src/t_hash.c, src/t_set.c, src/db.c scanGenericCommand).
  HASH_VALUE_NOT_INTEGER: "ERR hash value is not an integer",
  HASH_VALUE_NOT_FLOAT: "ERR hash value is not a float",
  NAN_OR_INFINITY: "ERR value is NaN or Infinity",
  VALUE_OUT_OF_RANGE: "ERR value is out of range",
  VALUE_NOT_BETWEEN: (min: string, max: string): string =>
    `ERR value is out of range, value must between ${min} and ${max}`,
  INVALID_CURSOR: "ERR invalid cursor",
  NOVALUES_NOT_HSCAN: "ERR NOVALUES option can only be used in HSCAN",
  FIELDS_MISSING: "ERR Mandatory argument FIELDS is missing or not at the right position",
  NUMFIELDS_NOT_POSITIVE: "ERR Number of fields must be a positive integer",
  NUMFIELDS_NOT_GREATER_THAN_ZERO: "ERR Parameter `numFields` should be greater than 0",
  NUMFIELDS_MISMATCH: "ERR The `numfields` parameter must match the number of arguments",
  FIELD_EXPIRE_NEGATIVE: "ERR invalid expire time, must be >= 0",
  INVALID_NUMBER_OF_FIELDS: "ERR invalid number of fields",
  UNKNOWN_ARGUMENT: (argument: string): string => `ERR unknown argument: ${argument}`,
  MISSING_EXPIRE_TIME: "ERR missing expire time",
  FNX_AND_FXX: "ERR Only one of FXX or FNX arguments can be specified",
  ONLY_ONE_EXPIRATION: "ERR Only one of EX, PX, EXAT, PXAT or KEEPTTL arguments can be specified",
  NUMKEYS_NOT_POSITIVE: "ERR numkeys should be greater than 0",
  NUMKEYS_TOO_MANY: "ERR Number of keys can't be greater than number of args",
  LIMIT_NEGATIVE: "ERR LIMIT can't be negative",
  // List and sorted-set groups (src/t_list.c, src/t_zset.c, src/timeout.c).
  TIMEOUT_NOT_FLOAT: "ERR timeout is not a float or out of range",
  TIMEOUT_NEGATIVE: "ERR timeout is negative",
  TIMEOUT_OUT_OF_RANGE: "ERR timeout is out of range",
  COUNT_NOT_POSITIVE: "ERR count should be greater than 0",
  LPOS_RANK_ZERO:
    "ERR RANK can't be zero: use 1 to start from the first match, 2 from the second ... or use negative to start from the end of the list",
  COUNT_NEGATIVE: "ERR COUNT can't be negative",
  MAXLEN_NEGATIVE: "ERR MAXLEN can't be negative",
  XX_AND_NX: "ERR XX and NX options at the same time are not compatible",
  GT_LT_NX: "ERR GT, LT, and/or NX options at the same time are not compatible",
  INCR_SINGLE_PAIR: "ERR INCR option supports a single increment-element pair",
  SCORE_NAN: "ERR resulting score is not a number (NaN)",
  MIN_MAX_NOT_FLOAT: "ERR min or max is not a float",
  MIN_MAX_NOT_LEX: "ERR min or max not valid string range item",
  LIMIT_WITHOUT_BY:
    "ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX",
  WITHSCORES_WITH_BYLEX: "ERR syntax error, WITHSCORES not supported in combination with BYLEX",
  WEIGHT_NOT_FLOAT: "ERR weight value is not a float",
  NO_INPUT_KEYS: (command: string): string =>
    `ERR at least 1 input key is needed for '${command}' command`,
  // Stream group (src/t_stream.c, src/blocked.c, src/server.c addReplySubcommandSyntaxError).
  SUBCOMMAND_SYNTAX: (sub: string, container: string): string =>
    `ERR unknown subcommand or wrong number of arguments for '${truncate(sub)}'. Try ${container} HELP.`,
  STREAM_ID_INVALID: "ERR Invalid stream ID specified as stream command argument",
  STREAM_START_ID_INVALID: "ERR invalid start ID for the interval",
  STREAM_END_ID_INVALID: "ERR invalid end ID for the interval",
  XADD_ID_ZERO: "ERR The ID specified in XADD must be greater than 0-0",
  XADD_ID_TOO_SMALL:
    "ERR The ID specified in XADD is equal or smaller than the target stream top item",
  XADD_ID_EXHAUSTED: "ERR The stream has exhausted the last possible ID, unable to add more items",
  XADD_ELEMENTS_TOO_LARGE: "ERR Elements are too large to be stored",
  STREAM_MAXLEN_AND_MINID:
    "ERR syntax error, MAXLEN and MINID options at the same time are not compatible",
  STREAM_MAXLEN_NEGATIVE: "ERR The MAXLEN argument must be >= 0.",
  STREAM_LIMIT_NEGATIVE: "ERR The LIMIT argument must be >= 0.",
  STREAM_LIMIT_WITHOUT_STRATEGY:
    "ERR syntax error, LIMIT cannot be used without specifying a trimming strategy",
  STREAM_LIMIT_WITHOUT_APPROX:
    "ERR syntax error, LIMIT cannot be used without the special ~ option",
  XTRIM_NO_STRATEGY: "ERR syntax error, XTRIM must be called with a trimming strategy",
  STREAM_NUMIDS: "ERR Number of IDs must be a positive integer",
  STREAM_NUMIDS_MISMATCH: "ERR The `numids` parameter must match the number of arguments",
  STREAM_IDS_REQUIRED: "ERR IDS option is required",
  /** xreadCommand: BLOCK inside a script ("xread"/"xreadgroup", the command's full name). */
  XREAD_BLOCK_IN_SCRIPT: (command: string): string =>
    `ERR ${command} command is not allowed with BLOCK option from scripts`,
  XREAD_UNBALANCED: (command: string): string =>
    command === "xreadgroup"
      ? "ERR Unbalanced 'xreadgroup' list of streams: for each stream key an ID or '>' must be specified."
      : `ERR Unbalanced '${command}' list of streams: for each stream key an ID, '+', or '$' must be specified.`,
  XREAD_GROUP_OPTION:
    "ERR The GROUP option is only supported by XREADGROUP. You called XREAD instead.",
  XREAD_NOACK_OPTION:
    "ERR The NOACK option is only supported by XREADGROUP. You called XREAD instead.",
  XREADGROUP_MISSING_GROUP: "ERR Missing GROUP option for XREADGROUP",
  XREADGROUP_DOLLAR_ID:
    "ERR The $ ID is meaningless in the context of XREADGROUP: you want to read the history of this consumer by specifying a proper ID, or use the > ID to get new messages. The $ ID would just return an empty result set.",
  XREADGROUP_PLUS_ID:
    "ERR The + ID is meaningless in the context of XREADGROUP: you want to read the history of this consumer by specifying a proper ID, or use the > ID to get new messages. The + ID would just return an empty result set.",
  XREAD_GREATER_ID:
    "ERR The > ID can be specified only when calling XREADGROUP using the GROUP <group> <consumer> option.",
  XREADGROUP_NOGROUP: (key: string, group: string): string =>
    `NOGROUP No such key '${oneLine(key)}' or consumer group '${oneLine(group)}' in XREADGROUP with GROUP option`,
  STREAM_NOGROUP: (key: string, group: string): string =>
    `NOGROUP No such key '${oneLine(key)}' or consumer group '${oneLine(group)}'`,
  GROUP_NOT_FOUND: (group: string, key: string): string =>
    `NOGROUP No such consumer group '${oneLine(group)}' for key name '${oneLine(key)}'`,
  XGROUP_KEY_REQUIRED:
    "ERR The XGROUP subcommand requires the key to exist. Note that for CREATE you may want to use the MKSTREAM option to create an empty stream automatically.",
  BUSYGROUP: "BUSYGROUP Consumer Group name already exists",
  ENTRIESREAD_INVALID: "ERR value for ENTRIESREAD must be positive or -1",
  XCLAIM_MIN_IDLE: "ERR Invalid min-idle-time argument for XCLAIM",
  XCLAIM_IDLE: "ERR Invalid IDLE option argument for XCLAIM",
  XCLAIM_TIME: "ERR Invalid TIME option argument for XCLAIM",
  XCLAIM_RETRYCOUNT: "ERR Invalid RETRYCOUNT option argument for XCLAIM",
  XCLAIM_UNKNOWN_OPTION: (option: string): string =>
    `ERR Unrecognized XCLAIM option '${oneLine(option)}'`,
  XAUTOCLAIM_MIN_IDLE: "ERR Invalid min-idle-time argument for XAUTOCLAIM",
  XAUTOCLAIM_COUNT: "ERR COUNT must be > 0",
  XSETID_ENTRIES_ADDED_NEGATIVE: "ERR entries_added must be positive",
  XSETID_BELOW_GIVEN_MAX_DELETED:
    "ERR The ID specified in XSETID is smaller than the provided max_deleted_entry_id",
  XSETID_BELOW_MAX_DELETED:
    "ERR The ID specified in XSETID is smaller than current max_deleted_entry_id",
  XSETID_BELOW_TOP_ITEM:
    "ERR The ID specified in XSETID is smaller than the target stream top item",
  XSETID_ENTRIES_ADDED_TOO_SMALL:
    "ERR The entries_added specified in XSETID is smaller than the target stream length",
  // Generic, server, connection, transactions and pub/sub groups (src/db.c, src/expire.c,
  // src/cluster.c dump/restore, src/sort.c, src/object.c, src/networking.c, src/server.c).
  BUSYKEY: "BUSYKEY Target key name already exists.",
  INVALID_TTL: "ERR Invalid TTL value, must be >= 0",
  INVALID_IDLETIME: "ERR Invalid IDLETIME value, must be >= 0",
  INVALID_FREQ: "ERR Invalid FREQ value, must be >= 0 and <= 255",
  DUMP_PAYLOAD: "ERR DUMP payload version or checksum are wrong",
  BAD_DATA_FORMAT: "ERR Bad data format",
  EXPIRE_NX_AND_OTHERS: "ERR NX and XX, GT or LT options at the same time are not compatible",
  EXPIRE_GT_AND_LT: "ERR GT and LT options at the same time are not compatible",
  UNSUPPORTED_OPTION: (option: string): string => `ERR Unsupported option ${option}`,
  TIMEOUT_NOT_INTEGER: "ERR timeout is not an integer or out of range",
  LFU_NOT_SELECTED:
    "ERR An LFU maxmemory policy is not selected, access frequency not tracked. Please note that when switching between policies at runtime LRU and LFU data will take some time to adjust.",
  LFU_SELECTED:
    "ERR An LFU maxmemory policy is selected, idle time not tracked. Please note that when switching between policies at runtime LRU and LFU data will take some time to adjust.",
  SORT_NOT_DOUBLE: "ERR One or more scores can't be converted into double",
  INVALID_FIRST_DB_INDEX: "ERR invalid first DB index",
  INVALID_SECOND_DB_INDEX: "ERR invalid second DB index",
  WAITAOF_NO_APPENDONLY:
    "ERR WAITAOF cannot be used when numlocal is set but appendonly is disabled.",
  CLIENT_NAME_CHARS: "ERR Client names cannot contain spaces, newlines or special characters.",
  CLIENT_ATTRIBUTE_CHARS: (attribute: string): string =>
    `ERR ${attribute} cannot contain spaces, newlines or special characters.`,
  UNRECOGNIZED_OPTION: (option: string): string => `ERR Unrecognized option '${option}'`,
  UNKNOWN_CLIENT_TYPE: (type: string): string => `ERR Unknown client type '${type}'`,
  INVALID_CLIENT_ID: "ERR Invalid client ID",
  NO_SUCH_CLIENT: "ERR No such client",
  CLIENT_ID_NOT_POSITIVE: "ERR client-id should be greater than 0",
  NO_SUCH_USER: (user: string): string => `ERR No such user '${user}'`,
  CLIENT_CACHING_WITHOUT_TRACKING:
    "ERR CLIENT CACHING can be called only when the client is in tracking mode with OPTIN or OPTOUT mode enabled",
  CLIENT_UNBLOCK_REASON: "ERR CLIENT UNBLOCK reason should be TIMEOUT or ERROR",
  /** src/networking.c clientCommand's CLIENT TRACKING and CLIENT CACHING texts (Redis 7.0). */
  TRACKING_ONE_REDIRECT: "ERR A client can only redirect to a single other client",
  TRACKING_NO_REDIRECT_TARGET: "ERR The client ID you want redirect to does not exist",
  TRACKING_PREFIX_WITHOUT_BCAST: "ERR PREFIX option requires BCAST mode to be enabled",
  TRACKING_BCAST_SWITCH:
    "ERR You can't switch BCAST mode on/off before disabling tracking for this client, and then re-enabling it with a different mode.",
  TRACKING_OPT_WITH_BCAST: "ERR OPTIN and OPTOUT are not compatible with BCAST",
  TRACKING_OPTIN_AND_OPTOUT: "ERR You can't specify both OPTIN mode and OPTOUT mode",
  TRACKING_OPT_SWITCH:
    "ERR You can't switch OPTIN/OPTOUT mode before disabling tracking for this client, and then re-enabling it with a different mode.",
  TRACKING_PREFIX_OVERLAPS_EXISTING: (prefix: string, existing: string): string =>
    `ERR Prefix '${prefix}' overlaps with an existing prefix '${existing}'. Prefixes for a single client must not overlap.`,
  TRACKING_PREFIX_OVERLAPS_GIVEN: (prefix: string, other: string): string =>
    `ERR Prefix '${prefix}' overlaps with another provided prefix '${other}'. Prefixes for a single client must not overlap.`,
  CACHING_YES_WITHOUT_OPTIN:
    "ERR CLIENT CACHING YES is only valid when tracking is enabled in OPTIN mode.",
  CACHING_NO_WITHOUT_OPTOUT:
    "ERR CLIENT CACHING NO is only valid when tracking is enabled in OPTOUT mode.",
  UNBLOCKED: "UNBLOCKED client unblocked via CLIENT UNBLOCK",
  CLIENT_PAUSE_MODE: "ERR CLIENT PAUSE mode must be WRITE or ALL",
  PROTOCOL_NOT_INTEGER: "ERR Protocol version is not an integer or out of range",
  HELLO_SYNTAX: (option: string): string => `ERR Syntax error in HELLO option '${option}'`,
  HELLO_NOAUTH:
    "NOAUTH HELLO must be called with the client already authenticated, otherwise the HELLO <proto> AUTH <user> <pass> option can be used to authenticate the client and select the RESP protocol version at the same time",
  AUTH_WITHOUT_PASSWORD:
    "ERR AUTH <password> called without any password configured for the default user. Are you sure your configuration is correct?",
  INVALID_COMMAND_SPECIFIED: "ERR Invalid command specified",
  INVALID_ARGUMENTS_SPECIFIED: "ERR Invalid number of arguments specified for command",
  NO_KEY_ARGUMENTS: "ERR The command has no key arguments",
  INVALID_ARGUMENTS_FOR_COMMAND: "ERR Invalid arguments specified for command",
  NO_CONFIG_FILE: "ERR The server is running without a config file",
  SLOWLOG_COUNT: "ERR count should be greater than or equal to -1",
  NO_LATENCY_SAMPLES: (event: string): string => `ERR No samples available for event '${event}'`,
  DEBUG_UNKNOWN_SUBCOMMAND: (sub: string): string =>
    `ERR unknown subcommand or wrong number of arguments for '${sub}'. Try DEBUG HELP.`,
  INVALID_MASTER_PORT: "ERR Invalid master port",
  FAILOVER_NO_REPLICAS: "ERR FAILOVER requires connected replicas.",
  FAILOVER_NOT_IN_PROGRESS: "ERR No failover in progress.",
  FAILOVER_TIMEOUT: "ERR FAILOVER timeout must be greater than 0",
  FAILOVER_ABORT_ALONE: "ERR FAILOVER ABORT can't be combined with other options",
  FAILOVER_FORCE: "ERR FAILOVER with force option requires both a timeout and target HOST and IP.",
  MODULE_NOT_ALLOWED:
    'ERR MODULE command not allowed. If the enable-module-command option is set to "local", you can run it from a local connection, otherwise you need to set this option in the configuration file, and then restart the server.',
  // Emulator difference: texts for what the embedded engine refuses (no Redis equivalent).
  NO_PERSISTENCE:
    "ERR Background saving is not available: the emulator runs without a data directory",
  SHUTDOWN_EMBEDDED:
    "ERR SHUTDOWN is not supported by the embedded engine: stop the emulator process instead",
  DUMP_UNSUPPORTED_TYPE: (type: string): string =>
    `ERR DUMP of '${type}' values is not supported by the emulator yet`,
  DEBUG_UNSUPPORTED: (sub: string): string => `ERR DEBUG ${sub} is not supported by the emulator`,
  REPLICATION_UNSUPPORTED: (command: string): string =>
    `ERR ${command} is not supported by the emulator: it runs as a standalone master`,
  // Geo and hyperloglog groups (src/geo.c, src/hyperloglog.c).
  INVALID_LONGITUDE_LATITUDE: (longitude: string, latitude: string): string =>
    `ERR invalid longitude,latitude pair ${longitude},${latitude}`,
  GEO_UNSUPPORTED_UNIT: "ERR unsupported unit provided. please use M, KM, FT, MI",
  GEO_NEED_NUMERIC_RADIUS: "ERR need numeric radius",
  GEO_NEED_NUMERIC_WIDTH: "ERR need numeric width",
  GEO_NEED_NUMERIC_HEIGHT: "ERR need numeric height",
  GEO_RADIUS_NEGATIVE: "ERR radius cannot be negative",
  GEO_BOX_NEGATIVE: "ERR height or width cannot be negative",
  GEO_COUNT_NOT_POSITIVE: "ERR COUNT must be > 0",
  GEO_MEMBER_NOT_FOUND: "ERR could not decode requested zset member",
  GEO_STORE_WITH_OPTIONS: (what: string): string =>
    `ERR ${what} is not compatible with WITHDIST, WITHHASH and WITHCOORD options`,
  GEO_FROM_REQUIRED: (command: string): string =>
    `ERR exactly one of FROMMEMBER or FROMLONLAT can be specified for ${command}`,
  GEO_BY_REQUIRED: (command: string): string =>
    `ERR exactly one of BYRADIUS and BYBOX can be specified for ${command}`,
  GEO_ANY_WITHOUT_COUNT: "ERR the ANY argument requires COUNT argument",
  HLL_CORRUPTED: "INVALIDOBJ Corrupted HLL object detected",
  HLL_WRONGTYPE: "WRONGTYPE Key is not a valid HyperLogLog string value.",
  PFDEBUG_NO_KEY: "ERR The specified key does not exist",
  PFDEBUG_UNKNOWN_SUBCOMMAND: (sub: string): string => `ERR Unknown PFDEBUG subcommand '${sub}'`,
  PFDEBUG_NOT_SPARSE: "ERR HLL encoding is not sparse",
  PFDEBUG_SIMD_ARGUMENT: "ERR Argument must be ON or OFF",
  PFSELFTEST_FAILED: (detail: string): string => `ERR TESTFAILED ${detail}`,
  // JSON group (RedisJSON 2.x: redis_json/src/commands.rs, manager.rs, ivalue_manager.rs, and
  // redis-module-rs). Module errors are sent as written, so some carry no `ERR` code.
  JSON_NEW_AT_ROOT: "ERR new objects must be created at the root",
  JSON_NO_SUCH_KEY: "ERR could not perform this operation on a key that doesn't exist",
  JSON_PATH_NOT_FOUND: (path: string): string => `ERR Path '${oneLine(path)}' does not exist`,
  JSON_PATH_NOT_FOUND_OR: (path: string, or: string): string =>
    `ERR Path '${oneLine(path)}' does not exist or ${or}`,
  JSON_WRONG_PATH_TYPE: (expected: string, found: string): string =>
    `WRONGTYPE wrong type of path value - expected ${expected} but found ${oneLine(found)}`,
  JSON_INDEX_OUT_OF_BOUNDS: "ERR index out of bounds",
  JSON_ARRAY_INDEX_OUT_OF_RANGE: "ERR array index out of range",
  JSON_WRONG_STATIC_PATH: "Err wrong static path",
  JSON_PATH_MUST_END_WITH_KEY: "Err path must end with object key to set",
  JSON_WRONG_FORMAT: "ERR wrong format",
  JSON_WRONG_REPLY_FORMAT: "ERR wrong reply format",
  JSON_FORMAT_RESP2: "ERR FORMAT argument is not supported on RESP2",
  JSON_NOT_UTF8: "Couldn't parse as UTF-8 string",
  JSON_NOT_INTEGER: "Couldn't parse as integer",
  JSON_BAD_INPUT_NUMBER: "bad input number",
  JSON_RESULT_NOT_A_NUMBER: "result is not a number",
  JSON_DEBUG_UNKNOWN_SUBCOMMAND: "ERR unknown subcommand - try `JSON.DEBUG HELP`",
  // Emulator difference: BSON input (JSON.SET … FORMAT BSON) is not implemented.
  JSON_BSON_UNSUPPORTED: "ERR FORMAT BSON is not supported by the emulator",
  // Scripting group (src/eval.c, src/script.c, src/functions.c, src/function_lua.c, src/rdb.c).
  NOSCRIPT: "NOSCRIPT No matching script. Please use EVAL.",
  NUMKEYS_NEGATIVE: "ERR Number of keys can't be negative",
  FCALL_BAD_NUMKEYS: "ERR Bad number of keys provided",
  RO_SCRIPT_WITH_WRITE_FLAG: "ERR Can not execute a script with write flag using *_ro command.",
  SCRIPT_COMPILE: (message: string): string =>
    `ERR Error compiling script (new function): ${oneLine(message)}`,
  SCRIPT_SHEBANG_INVALID: "ERR Invalid script shebang",
  SCRIPT_ENGINE_INVALID: "ERR Invalid engine in script shebang",
  SCRIPT_ENGINE_UNEXPECTED: (engine: string): string =>
    `ERR Unexpected engine in script shebang: ${oneLine(engine)}`,
  SCRIPT_SHEBANG_OPTION: (option: string): string =>
    `ERR Unknown lua shebang option: ${oneLine(option)}`,
  SCRIPT_SHEBANG_FLAG: (flag: string): string =>
    `ERR Unexpected flag in script shebang: ${oneLine(flag)}`,
  SCRIPT_FLUSH_OPTION: "ERR SCRIPT FLUSH only support SYNC|ASYNC option",
  SCRIPT_DEBUG_OPTION: "ERR Use SCRIPT DEBUG YES/SYNC/NO",
  NOTBUSY: "NOTBUSY No scripts in execution right now.",
  /** shared.slowevalerr: any command but the allowed ones while an EVAL script is busy. */
  BUSY_EVAL:
    "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.",
  /** shared.slowscripterr: the same while a function is busy. */
  BUSY_FUNCTION:
    "BUSY Redis is busy running a script. You can only call FUNCTION KILL or SHUTDOWN NOSAVE.",
  /** scriptKill: the busy script has written. */
  UNKILLABLE:
    "UNKILLABLE Sorry the script already executed write commands against the dataset. You can either wait the script termination or kill the server in a hard way using the SHUTDOWN NOSAVE command.",
  FUNCTION_NOT_FOUND: "ERR Function not found",
  LIBRARY_NOT_FOUND: "ERR Library not found",
  LIBRARY_METADATA_MISSING: "ERR Missing library metadata",
  LIBRARY_METADATA_INVALID: "ERR Invalid library metadata",
  LIBRARY_NAME_REPEATED: "ERR Invalid metadata value, name argument was given multiple times",
  LIBRARY_METADATA_VALUE: (part: string): string =>
    `ERR Invalid metadata value given: ${oneLine(part)}`,
  LIBRARY_NAME_MISSING: "ERR Library name was not given",
  LIBRARY_NAME_INVALID:
    "ERR Library names can only contain letters, numbers, or underscores(_) and must be at least one character long",
  FUNCTION_ENGINE_NOT_FOUND: (engine: string): string =>
    `ERR Engine '${oneLine(engine)}' not found`,
  LIBRARY_EXISTS: (name: string): string => `ERR Library '${oneLine(name)}' already exists`,
  LIBRARY_EXISTS_ON_RESTORE: (name: string): string =>
    `ERR Library ${oneLine(name)} already exists`,
  FUNCTION_EXISTS: (name: string): string => `ERR Function ${oneLine(name)} already exists`,
  NO_FUNCTIONS_REGISTERED: "ERR No functions registered",
  FUNCTION_LOAD_OPTION: (option: string): string => `ERR Unknown option given: ${oneLine(option)}`,
  FUNCTION_CODE_MISSING: "ERR Function code is missing",
  FUNCTION_LOAD_FAILED: (message: string): string => `ERR ${oneLine(message)}`,
  FUNCTION_LIST_NAME_MISSING: "ERR library name argument was not given",
  FUNCTION_LIST_ARGUMENT: (argument: string): string => `ERR Unknown argument ${oneLine(argument)}`,
  FUNCTION_FLUSH_OPTION: "ERR FUNCTION FLUSH only supports SYNC|ASYNC option",
  FUNCTION_RESTORE_POLICY:
    "ERR Wrong restore policy given, value should be either FLUSH, APPEND or REPLACE.",
  FUNCTION_RESTORE_TYPE: "ERR can not read data type",
  FUNCTION_RESTORE_PRE_GA: "ERR Pre-GA function format not supported",
  FUNCTION_RESTORE_NOT_FUNCTION: "ERR given type is not a function",
  FUNCTION_RESTORE_PAYLOAD: "ERR Failed loading library payload",
  // Emulator difference: no interactive Lua debugger (SCRIPT DEBUG YES|SYNC needs the connection).
  SCRIPT_DEBUG_UNSUPPORTED: "ERR SCRIPT DEBUG YES/SYNC is not supported by the emulator",
} as const;

/** Redis prints user-supplied names with `%.128s`. */
function truncate(text: string, max = 128): string {
  return text.length > max ? text.slice(0, max) : text;
}

/** `addReplyErrorFormat` turns newlines in formatted names into spaces, keeping the reply one line. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]/g, " ");
}
