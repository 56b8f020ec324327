/**
 * CLIENT LIST / CLIENT INFO lines (`catClientInfoString` in src/networking.c), in Redis 8's field
 * order. Fields about sockets and buffers the engine does not have (fd, query buffer, output buffer
 * memory, network byte counts) are reported as an idle connection would show them.
 */
import { asciiLower } from "./bytes.ts";
import { ERR, ReplyError } from "./errors.ts";
import type { Session } from "./session.ts";

/** Client types of `CLIENT LIST TYPE` / `CLIENT KILL TYPE` (`getClientTypeByName`). */
export type ClientType = "normal" | "master" | "replica" | "pubsub";

/** Parses a client type name (case-insensitive; `slave` is `replica`); undefined if unknown. */
export function parseClientType(name: string): ClientType | undefined {
  switch (asciiLower(name)) {
    case "normal":
      return "normal";
    case "master":
      return "master";
    case "replica":
    case "slave":
      return "replica";
    case "pubsub":
      return "pubsub";
    default:
      return undefined;
  }
}

/** `getClientType`: subscribers are `pubsub`; the engine has no replication links. */
export function clientTypeOf(session: Session): ClientType {
  return session.subscriptionCount > 0 || session.shardChannels.size > 0 ? "pubsub" : "normal";
}

/** The sessions CLIENT LIST shows: connections, not the shared stateless REST session. */
export function listedSessions(sessions: Iterable<Session>, caller: Session): Session[] {
  const listed: Session[] = [];
  for (const session of sessions) {
    if (!session.isStateless || session === caller) {
      listed.push(session);
    }
  }
  return listed;
}

/** One `id=… addr=… …` line, without the trailing newline. */
export function clientInfoLine(session: Session, nowMs: number): string {
  const flags = clientFlags(session);
  const age = Math.max(0, Math.floor((nowMs - session.createdAtMs) / 1000));
  const idle = Math.max(0, Math.floor((nowMs - session.lastInteractionMs) / 1000));
  const multi = session.queuedCommands ?? -1;
  return [
    `id=${session.id}`,
    `addr=${session.address}`,
    `laddr=${session.localAddress}`,
    // Emulator difference: the engine does not know the socket.
    "fd=-1",
    `name=${session.name}`,
    `age=${age}`,
    `idle=${idle}`,
    `flags=${flags}`,
    `db=${session.dbIndex}`,
    `sub=${session.channels.size}`,
    `psub=${session.patterns.size}`,
    `ssub=${session.shardChannels.size}`,
    `multi=${multi}`,
    `watch=${session.watchedKeys.size}`,
    "qbuf=0",
    "qbuf-free=0",
    "argv-mem=0",
    "multi-mem=0",
    "rbs=0",
    "rbp=0",
    "obl=0",
    "oll=0",
    "omem=0",
    "tot-mem=0",
    "events=r",
    `cmd=${session.lastCommand}`,
    `user=${session.user}`,
    `redir=${session.tracking?.redirect ?? -1}`,
    `resp=${session.protocol}`,
    `lib-name=${session.libraryName}`,
    `lib-ver=${session.libraryVersion}`,
    "io-thread=0",
    "tot-net-in=0",
    "tot-net-out=0",
    "tot-cmds=0",
  ].join(" ");
}

/** The `flags=` letters (`getClientFlags`), in Redis's order: N when none applies. */
function clientFlags(session: Session): string {
  let flags = session.isMonitor ? "O" : "";
  if (session.subscriptionCount > 0 || session.shardChannels.size > 0) {
    flags += "P";
  }
  if (session.queuedCommands !== undefined) {
    flags += "x";
  }
  if (session.isBlocked || session.isPaused) {
    flags += "b";
  }
  const { tracking } = session;
  if (tracking !== undefined) {
    flags += "t";
    if (tracking.isRedirectBroken) {
      flags += "R";
    }
    if (tracking.isBroadcast) {
      flags += "B";
    }
  }
  if (session.isWatchDirty) {
    flags += "d";
  }
  if (session.isKilled) {
    flags += "c";
  }
  if (session.isNoEvict) {
    flags += "e";
  }
  if (session.isNoTouch) {
    flags += "T";
  }
  return flags === "" ? "N" : flags;
}

/** `validateClientAttr`: only printable ASCII without spaces (0x21–0x7e); empty is allowed. */
export function isValidClientAttribute(value: string): boolean {
  return /^[\x21-\x7e]*$/.test(value);
}

/** CLIENT SETNAME / HELLO SETNAME: the name, or `ERR Client names cannot contain spaces…`. */
export function validateClientName(name: string): string {
  if (!isValidClientAttribute(name)) {
    throw new ReplyError(ERR.CLIENT_NAME_CHARS);
  }
  return name;
}
