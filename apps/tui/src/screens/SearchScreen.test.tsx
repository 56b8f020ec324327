import { documentDataset, seedDocuments, startEmulator } from "@stratus/testing";
import { test } from "vitest";
import { KEYS, renderScreen } from "../../test/support/render.tsx";
import { emulatorServices } from "../../test/support/services.ts";
import { SearchScreen } from "./SearchScreen.tsx";

test("runs a query on the default search database and shows its hits", async ({ expect }) => {
  // Given: documents in the default search database's index "articles"
  await using emulator = await startEmulator();
  await seedDocuments(emulator.search, {
    index: "articles",
    documents: [
      { id: "whales", content: { text: "blue whales sing in the ocean" } },
      ...documentDataset({ count: 5 }),
    ],
  });
  const services = emulatorServices(emulator);
  const screen = renderScreen(<SearchScreen services={services} resource={undefined} />);
  try {
    await screen.waitFor((frame) => frame.includes("search>"));
    // When
    await screen.press("articles singing whales");
    await screen.press(KEYS.enter);
    // Then: the best hit first, with its score and content
    const frame = await screen.waitFor((text) => text.includes('"blue whales sing'));
    const first = frame.split("\n").find((line) => /^\d\.\d{3} {2}/.test(line));
    expect(first).toMatch(/^\d\.\d{3} {2}whales {2}\{"text":"blue whales sing in the ocean"\}/);
    // A line without a query is explained, not sent.
    await screen.press("articles");
    await screen.press(KEYS.enter);
    expect(await screen.waitFor((text) => text.includes("Type an index name"))).toContain(
      "then the query",
    );
  } finally {
    screen.unmount();
    await services.close();
  }
});
