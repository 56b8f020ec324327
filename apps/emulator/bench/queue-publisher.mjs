/**
 * The queue bench's load generator in its own process, as real publishers are: `count` POSTs of
 * `body` to `origin` + `path` with `concurrency` in flight over one undici pool; prints the rate
 * (requests/s) and exits non-zero on a status other than 2xx. Usage:
 *   node queue-publisher.mjs <origin> <path> <token> <count> <concurrency> <body>
 */
import { Pool } from "undici";

const [origin, path, token, count, concurrency, body] = process.argv.slice(2);
const total = Number(count);
const pool = new Pool(origin, { connections: Number(concurrency) });
const headers = { authorization: `Bearer ${token}` };
let next = 0;
const start = performance.now();
await Promise.all(
  Array.from({ length: Number(concurrency) }, async () => {
    while (next < total) {
      next++;
      const response = await pool.request({ method: "POST", path, headers, body });
      await response.body.dump();
      if (response.statusCode >= 300) {
        throw new Error(`${path} answered ${response.statusCode}`);
      }
    }
  }),
);
process.stdout.write(`${total / ((performance.now() - start) / 1000)}\n`);
await pool.close();
