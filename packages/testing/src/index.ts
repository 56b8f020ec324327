/**
 * @module
 * `@stratus/testing`: fixtures that run the Stratus emulator inside a test process, seed it and
 * control its clock. Vitest glue is in `@stratus/testing/vitest` and `/global-setup`; the
 * conformance suite in `@stratus/testing/conformance`.
 */

export {
  callManagement,
  ManagementCallError,
  type ManagementSeedData,
  type ManagementTarget,
  type SeededResources,
  seedManagement,
} from "./management-seed.ts";
export {
  type QueueDelivery,
  type QueueReceiver,
  type QueueReceiverAnswer,
  type QueueReceiverOptions,
  startQueueReceiver,
  verifySignature,
} from "./queue-receiver.ts";
export {
  type CommandArgs,
  type FetchFunction,
  type KvTarget,
  RestCallError,
  runCommand,
  runPipeline,
} from "./rest.ts";
export {
  type DocumentDatasetOptions,
  documentDataset,
  SearchCallError,
  type SearchDocumentRecord,
  type SearchTarget,
  seedDocuments,
} from "./search-seed.ts";
export {
  type SeedData,
  type SeedEveryTypeOptions,
  type SeededKeys,
  seed,
  seedCommands,
  seedEveryType,
} from "./seed.ts";
export {
  type InjectedFaultRule,
  type ManagementCredentials,
  type QueueTarget,
  type StartEmulatorOptions,
  startEmulator,
  TEST_EMAIL,
  type TestEmulator,
  type TestVectorIndexSpec,
} from "./start-emulator.ts";
export { createKeyspace, type Keyspace, uniqueKey } from "./unique-key.ts";
export {
  type SparseVector,
  seedVectors,
  VectorCallError,
  type VectorDatasetOptions,
  type VectorIndexKind,
  type VectorRecord,
  type VectorTarget,
  vectorDataset,
} from "./vector-seed.ts";
