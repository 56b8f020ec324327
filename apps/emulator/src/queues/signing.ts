/**
 * `Upstash-Signature` (§5): a compact HS256 JWT keyed with the signing key's UTF-8 bytes, with
 * `iss` "Upstash", `sub` the delivery URL and `body` the base64url SHA-256 of the body. Its times
 * are wall-clock seconds, not the emulator's clock: the receiver's `jose` checks `exp` and `nbf`
 * against its own wall clock, so a test clock far from now would make every signature invalid.
 */
import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  randomUUID,
} from "node:crypto";

const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
const LIFETIME_S = 300;
/** Signing keys imported once each (an instance has two; rotation adds one). */
const keyObjects = new Map<string, KeyObject>();
const MAX_KEY_OBJECTS = 64;

function keyObject(key: string): KeyObject {
  let object = keyObjects.get(key);
  if (object === undefined) {
    if (keyObjects.size >= MAX_KEY_OBJECTS) {
      keyObjects.clear();
    }
    object = createSecretKey(Buffer.from(key, "utf8"));
    keyObjects.set(key, object);
  }
  return object;
}

export function signDelivery(options: { key: string; url: string; body: Uint8Array }): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: "Upstash",
    sub: options.url,
    exp: now + LIFETIME_S,
    nbf: now,
    iat: now,
    // randomUUID draws from a cached pool; randomBytes per delivery is a native job each.
    jti: `jwt_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
    body: createHash("sha256").update(options.body).digest("base64url"),
  };
  const unsigned = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
  const signature = createHmac("sha256", keyObject(options.key))
    .update(unsigned)
    .digest("base64url");
  return `${unsigned}.${signature}`;
}

/** A fresh signing key in the service's `sig_…` form. */
export function generateSigningKey(): string {
  return `sig_${randomBytes(21).toString("base64url").replace(/[-_]/g, "x")}`;
}
