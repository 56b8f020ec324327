/** Bad input to the queue API is a 4xx with `{"error": …}`, never a 5xx (issue 19). */
import { test } from "vitest";
import { createEmulator } from "../../src/index.ts";

test("malformed requests get 4xx answers in the service's error shape", async ({ expect }) => {
  await using emulator = await createEmulator({ port: 0, respPort: null });
  const auth = { authorization: `Bearer ${emulator.queueToken}` };
  const cases: [string, string, RequestInit["body"]?, Record<string, string>?][] = [
    ["POST", "/v2/batch", "{not json"],
    ["POST", "/v2/batch", JSON.stringify({ destination: "x" })],
    [
      "POST",
      "/v2/batch",
      JSON.stringify([{ destination: "https://a.example", headers: { "upstash-retries": "-1" } }]),
    ],
    ["POST", "/v2/queues", JSON.stringify({ queueName: "q", parallelism: "many" })],
    ["POST", "/v2/topics/g/endpoints", JSON.stringify({ endpoints: [{ url: "not a url" }] })],
    [
      "POST",
      "/v2/topics/bad name!/endpoints",
      JSON.stringify({ endpoints: [{ url: "https://a.example" }] }),
    ],
    ["POST", "/v2/publish/ftp://a.example/x", "x"],
    ["POST", "/v2/publish/api/llm", "x"],
    ["POST", "/v2/publish/https://a.example", "x", { "upstash-method": "TRACE" }],
    ["POST", "/v2/publish/https://a.example", "x", { "upstash-flow-control-value": "rate=1" }],
    ["POST", "/v2/publish/https://a.example", "x", { "upstash-delay": "30d" }],
    ["POST", "/v2/publish/https://a.example", "x", { "upstash-cron": "every minute" }],
    ["POST", "/v2/publish/https://a.example", "x", { "upstash-redact-fields": "everything" }],
    ["POST", "/v2/enqueue/%E0%A4%A/https://a.example", "x"],
    ["GET", "/v2/events?cursor=abc"],
    ["GET", "/v2/events?count=0"],
    ["DELETE", "/v2/messages?bogus=1"],
    ["GET", "/v2/dlq?host=a.example"],
    ["GET", "/v2/messages/msg_none"],
    ["GET", "/v2/queues/none"],
    ["PATCH", "/v2/schedules/none/pause"],
    ["GET", "/v2/flowControl/none"],
    ["PUT", "/v2/queues"],
  ];
  for (const [method, path, body, headers] of cases) {
    const response = await fetch(`${emulator.queueUrl}${path}`, {
      method,
      headers: { ...auth, ...headers },
      ...(body === undefined ? {} : { body }),
    });
    const answer = (await response.json()) as { error?: unknown };
    expect({ path, status: response.status >= 400 && response.status < 500 }).toEqual({
      path,
      status: true,
    });
    expect(typeof answer.error).toBe("string");
  }
});
