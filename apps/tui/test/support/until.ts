/**
 * Repeats `attempt` until the screen shows what it should: for streams that connect in the
 * background, where the first command may be sent before the server listens for it. Bounded.
 */
import type { RenderedScreen } from "./render.tsx";

export async function repeatUntilShown(
  screen: RenderedScreen,
  attempt: () => Promise<unknown>,
  predicate: (frame: string) => boolean,
): Promise<string> {
  for (let tries = 0; tries < 40; tries++) {
    await attempt();
    try {
      return await screen.waitFor(predicate, 250);
    } catch {
      // Not there yet: the stream may still be connecting.
    }
  }
  throw new Error(`Never shown. Last frame:\n${screen.frame()}`);
}
