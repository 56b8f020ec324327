/**
 * The emulator's control endpoint (`/_stratus`, the management credentials): fault rules and
 * resets. Stratus only; the service has no such endpoint.
 */
import {
  CONTROL_PATH_PREFIX,
  ControlOkResponseSchema,
  FaultAddResponseSchema,
  FaultListResponseSchema,
  type FaultRule,
  type FaultRuleInput,
  type FaultRuleState,
  type ResetTarget,
  ResetTargetSchema,
} from "@stratus/core/schemas";
import { type ManagementCaller, segment } from "./caller.ts";

/** What {@link EmulatorControl.reset} empties or puts back. */
export interface ResetOptions {
  /** One product (`kv`, `vector`, `search`, …); every product when absent. */
  readonly product?: string;
  /** One resource of `product`; all of them when absent. */
  readonly resource?: string;
  /** @default "seed" when the emulator has a seed, else "empty" */
  readonly to?: ResetTarget;
}

/** The control operations. */
export interface EmulatorControl {
  /** Every fault rule with how often it matched and fired. */
  faults(): Promise<FaultRuleState[]>;
  /** Adds rules; resolves with them and their ids. */
  addFaults(rules: readonly FaultRuleInput[]): Promise<(FaultRule & { id: string })[]>;
  /** Removes one rule, or every rule when `id` is absent. */
  removeFaults(id?: string): Promise<void>;
  reset(options?: ResetOptions): Promise<void>;
}

export function emulatorControl(caller: ManagementCaller): EmulatorControl {
  return {
    faults: async () =>
      (
        await caller.call({
          method: "GET",
          path: `${CONTROL_PATH_PREFIX}/faults`,
          isRoot: true,
          response: FaultListResponseSchema,
        })
      ).rules,
    addFaults: async (rules) =>
      (
        await caller.call({
          method: "POST",
          path: `${CONTROL_PATH_PREFIX}/faults`,
          body: rules,
          isRoot: true,
          response: FaultAddResponseSchema,
        })
      ).rules,
    removeFaults: async (id) => {
      await caller.call({
        method: "DELETE",
        path: `${CONTROL_PATH_PREFIX}/faults${id === undefined ? "" : `/${segment(id)}`}`,
        isRoot: true,
        response: ControlOkResponseSchema,
      });
    },
    reset: async (options = {}) => {
      const scope = [options.product, options.resource]
        .filter((part) => part !== undefined)
        .map((part) => `/${segment(part)}`)
        .join("");
      const to = options.to === undefined ? "" : `?to=${ResetTargetSchema.parse(options.to)}`;
      await caller.call({
        method: "POST",
        path: `${CONTROL_PATH_PREFIX}/reset${scope}${to}`,
        isRoot: true,
        response: ControlOkResponseSchema,
      });
    },
  };
}
