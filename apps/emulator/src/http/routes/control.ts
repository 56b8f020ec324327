/**
 * The control endpoint under `CONTROL_PATH_PREFIX` (`@stratus/core/schemas`): reset and seed for
 * tests written in any language, authenticated with the management API's credentials (its basic
 * auth, constant-time compared by the management service).
 */
import { parseBasicAuth } from "@stratus/core/auth";
import { CONTROL_PATH_PREFIX, ResetTargetSchema } from "@stratus/core/schemas";
import { type StateControl, StateError } from "../../control/state.ts";
import { type FaultInjector, FaultRuleError } from "../../faults/injector.ts";
import { SnapshotError } from "../../snapshot/archive.ts";
import { bodyTooLargeMessage, jsonError, jsonResponse } from "../http-error.ts";
import { RouteTable } from "../route-table.ts";
import type {
  EmulatorRequest,
  EmulatorRequestHead,
  EmulatorResponse,
  HttpService,
} from "../types.ts";

export interface ControlServiceOptions {
  readonly state: StateControl;
  readonly faults: FaultInjector;
  /** The whole emulator as a tar archive (`snapshot/`). */
  readonly snapshot: () => Promise<Uint8Array>;
  /** The management API's check of basic-auth credentials. */
  readonly authenticate: (credentials: { email: string; apiKey: string } | undefined) => boolean;
}

interface ControlContext {
  readonly request: EmulatorRequest;
  readonly params: Readonly<Record<string, string>>;
  readonly options: ControlServiceOptions;
}

/** A route answering JSON (`handler`) or a response of its own (`respond`). */
type ControlRoute = {
  readonly method: string;
  readonly pattern: string;
} & (
  | { readonly handler: (context: ControlContext) => Promise<unknown> }
  | { readonly respond: (context: ControlContext) => Promise<EmulatorResponse> }
);

function parseJson(request: EmulatorRequest): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(request.body));
  } catch {
    throw new StateError("the body must be a JSON fault rule or a list of them");
  }
}

async function reset(context: ControlContext): Promise<unknown> {
  const to = context.request.query.get("to");
  const target = to === null ? undefined : ResetTargetSchema.safeParse(to);
  if (target !== undefined && !target.success) {
    throw new StateError(`reset: ?to= must be "empty" or "seed", not "${to}"`);
  }
  await context.options.state.reset({
    product: context.params["product"],
    resource: context.params["resource"],
    to: target?.data,
  });
  return { result: "OK" };
}

const ROUTES: readonly ControlRoute[] = [
  {
    method: "GET",
    pattern: "/state",
    handler: async ({ options }) => ({
      products: options.state.products(),
      hasSeed: options.state.hasSeed,
    }),
  },
  { method: "POST", pattern: "/reset", handler: reset },
  {
    method: "GET",
    pattern: "/faults",
    handler: async ({ options }) => ({ rules: options.faults.list() }),
  },
  {
    method: "POST",
    pattern: "/faults",
    handler: async ({ options, request }) => {
      const body = parseJson(request);
      const rules = (Array.isArray(body) ? body : [body]).map((rule) => options.faults.add(rule));
      return { rules };
    },
  },
  {
    method: "DELETE",
    pattern: "/faults",
    handler: async ({ options }) => {
      options.faults.clear();
      return { result: "OK" };
    },
  },
  {
    method: "DELETE",
    pattern: "/faults/{id}",
    handler: async ({ options, params }) => {
      if (!options.faults.remove(params["id"] ?? "")) {
        throw new StateError(`no fault rule with id "${params["id"]}"`, 404);
      }
      return { result: "OK" };
    },
  },
  {
    method: "POST",
    pattern: "/snapshot",
    respond: async ({ options }) => {
      let archive: Uint8Array;
      try {
        archive = await options.snapshot();
      } catch (error: unknown) {
        if (error instanceof SnapshotError) {
          throw new StateError(error.message);
        }
        throw error;
      }
      return {
        status: 200,
        headers: {
          "content-type": "application/x-tar",
          "content-disposition": 'attachment; filename="stratus-snapshot.tar"',
        },
        body: archive,
      };
    },
  },
  { method: "POST", pattern: "/reset/{product}", handler: reset },
  { method: "POST", pattern: "/reset/{product}/{resource}", handler: reset },
];

const TABLE = new RouteTable(ROUTES);

/** Control bodies are small JSON objects (fault rules). */
export const CONTROL_MAX_REQUEST_BYTES = 64 * 1024;

/** Whether `path` is under the control prefix. */
export function isControlPath(path: string): boolean {
  return path === CONTROL_PATH_PREFIX || path.startsWith(`${CONTROL_PATH_PREFIX}/`);
}

export function createControlService(options: ControlServiceOptions): HttpService {
  return {
    admit(head: EmulatorRequestHead) {
      const below = head.path.slice(CONTROL_PATH_PREFIX.length) || "/";
      const found = TABLE.lookup({ method: head.method, path: below });
      if (found.kind === "method-not-allowed") {
        return {
          answer: jsonError(
            405,
            `method ${head.method} is not allowed here: use ${found.allowed.join(", ")}`,
          ),
        };
      }
      if (found.kind === "not-found") {
        return { answer: jsonError(404, `no control operation at ${head.method} ${head.path}`) };
      }
      const credentials = parseBasicAuth(head.headers.get("authorization"));
      const isAuthorized = options.authenticate(
        credentials === undefined
          ? undefined
          : { email: credentials.username, apiKey: credentials.password },
      );
      if (!isAuthorized) {
        return {
          answer: {
            ...jsonError(
              401,
              "unauthorized: use the management API's email and API key (basic auth)",
            ),
            headers: {
              "content-type": "application/json",
              "www-authenticate": 'Basic realm="stratus control"',
            },
          },
        };
      }
      return {
        maxBodyBytes: CONTROL_MAX_REQUEST_BYTES,
        tooLarge: (receivedBytes) =>
          jsonError(
            413,
            bodyTooLargeMessage({ maxBodyBytes: CONTROL_MAX_REQUEST_BYTES, receivedBytes }),
          ),
        handle: async (request): Promise<EmulatorResponse> => {
          try {
            const context = { request, params: found.params, options };
            const { route } = found;
            return "respond" in route
              ? await route.respond(context)
              : jsonResponse(200, await route.handler(context));
          } catch (error: unknown) {
            if (error instanceof StateError) {
              return jsonError(error.status, error.message);
            }
            if (error instanceof FaultRuleError) {
              return jsonError(400, error.message);
            }
            throw error;
          }
        },
      };
    },
  };
}
