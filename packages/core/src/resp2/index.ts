export type { Resp2Kind, Resp2Value } from "./value.ts";
