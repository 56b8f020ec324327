/**
 * The queue instances as a {@link StatefulProduct}: reset empties an instance (messages, dead
 * letters, queues, schedules, URL groups, deduplication ids, flow-control keys, the log), through
 * the instance's journal so the data directory forgets them too; the instance, its tokens and
 * signing keys stay. Resources are the instances' ids (`qstash-dev` in dev mode). Queues have no
 * seed section (a seed naming one is refused at start): a test publishes what it needs with the SDK.
 */
import type { QueueService } from "../queues/service.ts";
import { StateError, type StatefulProduct } from "./state.ts";

export function queueStateProduct(service: QueueService): StatefulProduct {
  return {
    name: "queues",
    resources: () => service.instanceIds(),
    async reset(resource) {
      const ids = resource === undefined ? service.instanceIds() : [resource];
      for (const id of ids) {
        if (!service.instanceIds().includes(id)) {
          throw new StateError(`queues: no queue instance "${id}"`, 404);
        }
        await service.reset(id);
      }
    },
    validateSeed() {
      throw new StateError(
        'seed: queues have no seed section; publish what a test needs with the SDK (remove "queues")',
      );
    },
  };
}
