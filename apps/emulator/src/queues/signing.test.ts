import { createHash } from "node:crypto";
import { Receiver } from "@upstash/qstash";
import { test } from "vitest";
import { generateSigningKey, signDelivery } from "./signing.ts";

test("the SDK's Receiver verifies a signature with the current or the next key", async ({
  expect,
}) => {
  const current = generateSigningKey();
  const next = generateSigningKey();
  const body = "héllo";
  const signature = signDelivery({ key: current, url: "http://x/y", body: Buffer.from(body) });
  await expect(
    new Receiver({ currentSigningKey: current, nextSigningKey: next }).verify({
      signature,
      body,
      url: "http://x/y",
    }),
  ).resolves.toBe(true);
  // After a rotation the old current key is gone; a delivery signed with the new current (the old
  // next) still verifies for receivers that have not updated yet.
  const rotated = signDelivery({ key: next, url: "http://x/y", body: Buffer.from(body) });
  await expect(
    new Receiver({ currentSigningKey: current, nextSigningKey: next }).verify({
      signature: rotated,
      body,
    }),
  ).resolves.toBe(true);
  await expect(
    new Receiver({ currentSigningKey: current, nextSigningKey: next }).verify({
      signature,
      body,
      url: "http://x/z",
    }),
  ).rejects.toThrow(/invalid subject/);
  const claims = JSON.parse(
    Buffer.from(signature.split(".")[1] ?? "", "base64url").toString(),
  ) as Record<string, unknown>;
  expect(claims).toMatchObject({
    iss: "Upstash",
    sub: "http://x/y",
    body: createHash("sha256").update(body).digest("base64url"),
  });
  expect(Number(claims["exp"]) - Number(claims["iat"])).toBe(300);
});
