/** The connection group's client commands, alphabetically (merged in `../index.ts`). */
import { echo } from "./echo.ts";
import { ping } from "./ping.ts";

export const connectionCommands = {
  echo,
  ping,
} as const;
