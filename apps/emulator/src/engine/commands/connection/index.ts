/** The connection group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { auth } from "./auth.ts";
import { client } from "./client.ts";
import { echo } from "./echo.ts";
import { hello } from "./hello.ts";
import { ping } from "./ping.ts";
import { quit } from "./quit.ts";
import { reset } from "./reset.ts";
import { select } from "./select.ts";

export const connectionCommands: readonly Command[] = [
  auth,
  client,
  echo,
  hello,
  ping,
  quit,
  reset,
  select,
];
