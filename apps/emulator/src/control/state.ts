/**
 * Reset and seed: every product that keeps state registers a {@link StatefulProduct} here, and the
 * control endpoint (`http/routes/control.ts`), `--seed FILE` and `@stratus/testing` reset through
 * it. A seed file is one JSON object with a section per product (`{"kv": …, "vector": …}`); each
 * product reads only its own section, so a new product (queues, search) adds its reset and seed
 * by registering, with no change here.
 */
import { readFile } from "node:fs/promises";
import { EmulatorError } from "../errors.ts";

/** A product's resettable state: its resources (databases, indexes…) by name. */
export interface StatefulProduct {
  /** The product's name: the seed file's section and the control path's segment (`kv`). */
  readonly name: string;
  /** The names of its resources now. */
  resources(): readonly string[];
  /**
   * Empties `resource`, or every resource when undefined. Resources stay (with their tokens);
   * only their contents go. Rejects with a {@link StateError} for an unknown resource.
   */
  reset(resource: string | undefined): void | Promise<void>;
  /**
   * Checks this product's section of a seed file, at start, before anything is applied: a
   * mistake is a {@link StateError} naming what is wrong.
   */
  validateSeed?(section: unknown): void;
  /** Applies this product's section of the seed to `resource`, or to every resource it names. */
  seed?(section: unknown, resource: string | undefined): void | Promise<void>;
}

/** A reset or seed request the emulator refuses: a 4xx for the control endpoint. */
export class StateError extends EmulatorError {
  readonly status: 400 | 404;

  constructor(message: string, status: 400 | 404 = 400) {
    super("ERR_INVALID_OPTIONS", message);
    this.status = status;
  }
}

/** What a reset leaves: nothing, or the seed. */
export type ResetTarget = "empty" | "seed";

export interface ResetRequest {
  /** One product; every product when undefined. */
  readonly product?: string | undefined;
  /** One resource of `product`; all of them when undefined. */
  readonly resource?: string | undefined;
  /** @default "seed" when a seed is loaded, else "empty" */
  readonly to?: ResetTarget | undefined;
}

/** A seed file's sections by product. */
export type Seed = Readonly<Record<string, unknown>>;

export class StateControl {
  readonly #products = new Map<string, StatefulProduct>();
  #seed: Seed | undefined;

  /** Adds a product; a second one with the same name replaces the first. */
  register(product: StatefulProduct): void {
    this.#products.set(product.name, product);
  }

  /** The registered products' names. */
  products(): readonly string[] {
    return [...this.#products.keys()];
  }

  /** Whether a seed is loaded. */
  get hasSeed(): boolean {
    return this.#seed !== undefined;
  }

  /**
   * Loads a seed (checked whole before any of it applies) and applies it. Every section must
   * belong to a registered product.
   */
  async loadSeed(seed: Seed): Promise<void> {
    for (const [name, section] of Object.entries(seed)) {
      const product = this.#products.get(name);
      if (product === undefined) {
        throw new StateError(
          `seed: unknown section "${name}"; sections are ${this.products().join(", ")}`,
        );
      }
      product.validateSeed?.(section);
    }
    this.#seed = seed;
    for (const [name, section] of Object.entries(seed)) {
      await this.#products.get(name)?.seed?.(section, undefined);
    }
  }

  /** Empties what the request names, then applies the seed's part for it when resetting to it. */
  async reset(request: ResetRequest = {}): Promise<void> {
    const to = request.to ?? (this.#seed === undefined ? "empty" : "seed");
    if (to === "seed" && this.#seed === undefined) {
      throw new StateError("reset to the seed: the emulator was started without --seed");
    }
    const targets = this.#targets(request);
    for (const product of targets) {
      await product.reset(request.resource);
    }
    if (to === "seed") {
      for (const product of targets) {
        const section = this.#seed?.[product.name];
        if (section !== undefined) {
          await product.seed?.(section, request.resource);
        }
      }
    }
  }

  #targets(request: ResetRequest): readonly StatefulProduct[] {
    if (request.product === undefined) {
      if (request.resource !== undefined) {
        throw new StateError("reset: a resource needs its product");
      }
      return [...this.#products.values()];
    }
    const product = this.#products.get(request.product);
    if (product === undefined) {
      throw new StateError(
        `reset: unknown product "${request.product}"; products are ${this.products().join(", ")}`,
        404,
      );
    }
    if (request.resource !== undefined && !product.resources().includes(request.resource)) {
      throw new StateError(`reset: ${product.name} has no "${request.resource}"`, 404);
    }
    return [product];
  }
}

/** Reads a seed file: a JSON object of sections. */
export async function readSeedFile(path: string): Promise<Seed> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error: unknown) {
    throw new StateError(
      `--seed ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error: unknown) {
    throw new StateError(
      `--seed ${path}: not JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new StateError(`--seed ${path}: expected a JSON object of sections ({"kv": …})`);
  }
  return parsed as Seed;
}
