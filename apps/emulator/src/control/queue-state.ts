/**
 * The queue instances as a {@link StatefulProduct}: reset empties an instance (messages, dead
 * letters, queues, schedules, URL groups, deduplication ids, flow-control keys, the log), through
 * the instance's journal so the data directory forgets them too; the instance, its tokens and
 * signing keys stay. Resources are the instances' ids (`qstash-dev` in dev mode). The seed section
 * sets an instance up — `{"<instance id or default>": {"queues": [{"name", "parallelism",
 * "paused"}], "urlGroups": [{"name", "endpoints": [{"url", "name"}]}]}}` — through the same
 * operations as the API's queue upsert and URL group endpoints (checked, journaled). Messages and
 * schedules are not seeded: a test publishes what it needs with the SDK.
 */
import type { QueueService } from "../queues/service.ts";
import { StateError, type StatefulProduct } from "./state.ts";

interface QueueSeed {
  readonly queues?: readonly { name: string; parallelism?: number; paused?: boolean }[];
  readonly urlGroups?: readonly {
    name: string;
    endpoints: readonly { url: string; name?: string }[];
  }[];
}

const SHAPE =
  'seed "queues": expected {"<instance id or default>": {"queues": [{"name": "q", "parallelism": 1}], "urlGroups": [{"name": "g", "endpoints": [{"url": "http://…"}]}]}}';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkQueueSeed(section: unknown): Readonly<Record<string, QueueSeed>> {
  if (!isObject(section)) {
    throw new StateError(SHAPE);
  }
  for (const [instance, setup] of Object.entries(section)) {
    const where = `seed "queues"."${instance}"`;
    if (!isObject(setup)) {
      throw new StateError(`${where}: ${SHAPE}`);
    }
    const unknown = Object.keys(setup).filter((key) => key !== "queues" && key !== "urlGroups");
    if (unknown.length > 0) {
      throw new StateError(
        `${where}: unknown ${unknown.map((key) => `"${key}"`).join(", ")}; an instance's seed has "queues" and "urlGroups" (publish messages and create schedules with the SDK)`,
      );
    }
    const queues = setup["queues"] ?? [];
    if (
      !Array.isArray(queues) ||
      !queues.every(
        (queue) =>
          isObject(queue) &&
          typeof queue["name"] === "string" &&
          (queue["parallelism"] === undefined || Number.isInteger(queue["parallelism"])) &&
          (queue["paused"] === undefined || typeof queue["paused"] === "boolean"),
      )
    ) {
      throw new StateError(
        `${where}.queues: expected [{"name": "q", "parallelism": 1, "paused": false}]`,
      );
    }
    const groups = setup["urlGroups"] ?? [];
    if (
      !Array.isArray(groups) ||
      !groups.every(
        (group) =>
          isObject(group) &&
          typeof group["name"] === "string" &&
          Array.isArray(group["endpoints"]) &&
          group["endpoints"].every(
            (endpoint: unknown) => isObject(endpoint) && typeof endpoint["url"] === "string",
          ),
      )
    ) {
      throw new StateError(
        `${where}.urlGroups: expected [{"name": "g", "endpoints": [{"url": "http://…"}]}]`,
      );
    }
  }
  return section as Readonly<Record<string, QueueSeed>>;
}

export function queueStateProduct(
  service: QueueService,
  options: { readonly defaultInstance: () => string | undefined },
): StatefulProduct {
  const instanceId = (name: string): string => {
    const id = name === "default" ? options.defaultInstance() : name;
    if (id === undefined || !service.instanceIds().includes(id)) {
      throw new StateError(`queues: no queue instance "${name}"`, 404);
    }
    return id;
  };
  return {
    name: "queues",
    resources: () => service.instanceIds(),
    async reset(resource) {
      const ids = resource === undefined ? service.instanceIds() : [instanceId(resource)];
      for (const id of ids) {
        await service.reset(id);
      }
    },
    validateSeed(section) {
      checkQueueSeed(section);
    },
    async seed(section, resource) {
      for (const [name, setup] of Object.entries(checkQueueSeed(section))) {
        const id = instanceId(name);
        if (resource !== undefined && instanceId(resource) !== id) {
          continue;
        }
        const instance = service.instance(id);
        try {
          for (const queue of setup.queues ?? []) {
            instance.upsertQueue(queue);
          }
          for (const group of setup.urlGroups ?? []) {
            instance.addEndpoints(group.name, group.endpoints);
          }
        } catch (error: unknown) {
          throw new StateError(
            `queues seed of "${name}": ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      await service.flush();
    },
  };
}
