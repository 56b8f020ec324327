/**
 * Search query: run a query on a search database (search-wire.md §3.2) — the one picked on the
 * Resources screen, or the first one listed — and see its hits with their scores. The line is
 * `<index> <query…>`: the first word names the search index, the rest is the query. Shown by the
 * index stats screen of a search database when `/` is pressed; Esc twice goes back.
 */
import type { SearchIndex } from "@stratus/core/schemas";
import { Box, Text } from "ink";
import { type FunctionComponent, useCallback, useState } from "react";
import { HelpFooter, type KeyHelp } from "../components/HelpFooter.tsx";
import { LabeledInput } from "../components/LabeledInput.tsx";
import { ProblemView } from "../components/ProblemView.tsx";
import { useKeys } from "../hooks/use-keys.ts";
import { usePolling } from "../hooks/use-polling.ts";
import { useEditing, useScreen } from "../hooks/use-screen.ts";
import { truncate } from "../lib/format.ts";
import { describeProblem, missingCredentials } from "../lib/problem.ts";
import type { ResourceRef, SearchQueryHit, Services } from "../lib/services.ts";

export interface SearchScreenProps {
  readonly services: Services;
  /** The search database picked on the Resources screen, if any. */
  readonly resource: ResourceRef | undefined;
  /** Esc outside the input: back to where the query was opened from. */
  readonly onExit?: () => void;
}

/** Hits asked for per query. */
const LIMIT = 10;

const KEYS: readonly KeyHelp[] = [
  ["enter", "search"],
  ["esc", "leave input"],
];
const IDLE_KEYS: readonly KeyHelp[] = [
  ["enter", "type a query"],
  ["esc", "back to stats"],
];

type Outcome =
  | { readonly kind: "none" }
  | { readonly kind: "hits"; readonly line: string; readonly hits: readonly SearchQueryHit[] }
  | { readonly kind: "error"; readonly line: string; readonly message: string };

export const SearchScreen: FunctionComponent<SearchScreenProps> = (props) => {
  const { services, resource, onExit } = props;
  const { width, height, isActive } = useScreen();
  const [isEditing, setEditing] = useState(true);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "none" });
  const [version, setVersion] = useState(0);
  useEditing(isEditing);
  const management = services.management;
  const loadDatabase = useCallback(async (): Promise<{ found: SearchIndex | undefined }> => {
    if (management.kind !== "ready") {
      return { found: undefined };
    }
    const databases = await management.client.listSearchIndexes();
    return {
      found:
        resource?.kind === "search"
          ? databases.find((database) => database.id === resource.id)
          : databases[0],
    };
  }, [management, resource]);
  const database = usePolling(loadDatabase, { isEnabled: management.kind === "ready" });

  useKeys(
    (_input, key) => {
      if (!isEditing && key.return) {
        setEditing(true);
      } else if (key.escape) {
        if (isEditing) {
          setEditing(false);
        } else {
          onExit?.();
        }
      }
    },
    { isActive },
  );

  if (management.kind !== "ready") {
    return <ProblemView problem={missingCredentials(management.target)} />;
  }
  if (database.value === undefined) {
    return database.error === undefined ? (
      <Text>Loading search databases…</Text>
    ) : (
      <ProblemView problem={describeProblem(database.error, management.target)} />
    );
  }
  const target = database.value.found;
  if (target === undefined) {
    return <Text>No search database yet. Create one (POST /v2/search), then come back.</Text>;
  }
  const run = async (line: string): Promise<void> => {
    const [index = "", ...words] = line.trim().split(/\s+/);
    const query = words.join(" ");
    if (index === "" || query === "") {
      setOutcome({ kind: "error", line, message: "Type an index name, then the query." });
      return;
    }
    try {
      const hits = await management.client.searchQuery(target, { index, query, limit: LIMIT });
      setOutcome({ kind: "hits", line, hits });
    } catch (error: unknown) {
      setOutcome({
        kind: "error",
        line,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };
  const room = Math.max(1, height - 4);
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>Search</Text> {target.name} · {target.endpoint ?? ""}
      </Text>
      <Box flexDirection="column" height={room}>
        {outcome.kind === "none" ? (
          <Text dimColor>Type an index and a query, e.g. movies space opera, then Enter.</Text>
        ) : outcome.kind === "error" ? (
          <Text color="red" wrap="wrap">
            {outcome.message}
          </Text>
        ) : outcome.hits.length === 0 ? (
          <Text dimColor>No hits for {outcome.line}.</Text>
        ) : (
          outcome.hits.slice(0, room).map((hit) => (
            <Text key={hit.id} wrap="truncate-end">
              {truncate(
                `${hit.score.toFixed(3)}  ${hit.id}  ${JSON.stringify(hit.content)}`,
                width,
              )}
            </Text>
          ))
        )}
      </Box>
      <LabeledInput
        key={version}
        label="search>"
        value=""
        isEditing={isEditing && isActive}
        placeholder="index query…"
        onSubmit={(value) => {
          setVersion((previous) => previous + 1);
          void run(value);
        }}
      />
      <HelpFooter keys={isEditing ? KEYS : IDLE_KEYS} width={width} />
    </Box>
  );
};
