/**
 * @module
 * The Stratus emulator as a library: `createEmulator()` starts the servers in this process.
 */

export type { EmulatorConfig, EmulatorConfigInput } from "./config.ts";
export {
  type ResetRequest,
  type ResetTarget,
  type Seed,
  StateControl,
  StateError,
  type StatefulProduct,
} from "./control/state.ts";
export {
  createEmulator,
  DEFAULT_DATABASE,
  DEFAULT_SEARCH_DATABASE,
  DEFAULT_VECTOR_INDEX,
  type Emulator,
  type EmulatorOptions,
} from "./emulator.ts";
export { type Clock, ManualClock, systemClock } from "./engine/index.ts";
export { EmulatorError, type EmulatorErrorCode } from "./errors.ts";
export {
  FaultInjector,
  FaultRuleError,
  type InjectedFault,
  parseFaultFlag,
} from "./faults/injector.ts";
export { classify as classifyFaultScope } from "./http/faults.ts";
export type { FetchFunction } from "./http/fetch.ts";
export type { SearchUsageSample } from "./http/routes/search.ts";
export type { VectorUsageSample } from "./http/routes/vector.ts";
export {
  type ConfigFile,
  ConfigFileSchema,
  parseConfigFile,
} from "./management/config-file.ts";
export type { ManagementService } from "./management/service.ts";
export type { MetricsRecorder, UsageSample } from "./metrics/recorder.ts";
export {
  type SearchDatabaseHandle,
  type SearchDatabaseSpec,
  SearchService,
} from "./search/index.ts";
export {
  VectorIndexExistsError,
  type VectorIndexHandle,
  type VectorIndexSpec,
  VectorService,
} from "./vector/index.ts";
