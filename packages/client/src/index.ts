/**
 * @module
 * `@stratus/client`: a typed SDK for the Stratus key-value REST, vector REST, queue (QStash) and
 * management interfaces, over undici keep-alive pools and `@stratus/core`'s codecs and schemas.
 */

export type { CommandErrorDetails } from "./errors.ts";
export {
  AbortError,
  CommandError,
  HttpError,
  NetworkError,
  ResponseShapeError,
  StratusError,
  StratusErrorCode,
  TimeoutError,
  UsageError,
} from "./errors.ts";
export type { EventStream, ReconnectOptions, StreamOptions } from "./events/sse-stream.ts";
export type { SubscribeOptions } from "./events/subscribe.ts";
export type { StatsOptions } from "./management/caller.ts";
export type { EmulatorControl, ResetOptions } from "./management/emulator-control.ts";
export type { IndexOperations, SearchIndexes, VectorIndexes } from "./management/indexes.ts";
export type { Management, ManagementOptions } from "./management/management.ts";
export { createManagement } from "./management/management.ts";
export type { Queues } from "./management/queues.ts";
export type { RedisDatabases } from "./management/redis-databases.ts";
export type { Teams } from "./management/teams.ts";
export type {
  LogsPage,
  MessageOptions,
  PublishRequest,
  Queue,
  QueueFilter,
  QueueOptions,
  ScheduleRequest,
} from "./queue/queue.ts";
export { createQueue, messageHeaders } from "./queue/queue.ts";
export type { RedisArgument, RedisKey } from "./redis/argv.ts";
export type { Commands } from "./redis/commands/index.ts";
export { commands } from "./redis/commands/index.ts";
export type { ClientCommand, CommandArgs, CommandResult } from "./redis/define.ts";
export { defineClientCommand } from "./redis/define.ts";
export type {
  ExecOptions,
  Pipeline,
  PipelineCommands,
  PipelineOutcome,
  PipelineOutcomes,
} from "./redis/pipeline.ts";
export type { Kv, KvCommands, KvOptions } from "./redis/redis.ts";
export { createKv } from "./redis/redis.ts";
export type { CallOptions } from "./redis/session.ts";
export type {
  DocumentCounts,
  DocumentFields,
  Search,
  SearchDocument,
  SearchHit,
  SearchIndex,
  SearchInfo,
  SearchOptions,
  SearchQuery,
  StoredSearchDocument,
} from "./search/search.ts";
export { createSearch } from "./search/search.ts";
export type { RetryOptions } from "./transport/retry.ts";
export type { ResumableQuery } from "./vector/resumable-query.ts";
export type {
  RangeAllRequest,
  ResumableQueryOptions,
  Vector,
  VectorNamespace,
  VectorOptions,
} from "./vector/vector.ts";
export { createVector } from "./vector/vector.ts";
