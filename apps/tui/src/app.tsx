/**
 * The TUI: seven screens switched by number keys or Tab, a help footer, `q` to quit; laid out for
 * the terminal's size and redrawn when it changes.
 */
import { Box, Text, useApp } from "ink";
import {
  type FunctionComponent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { ErrorBoundary } from "./components/ErrorBoundary.tsx";
import { FaultBanner, faultSummary } from "./components/FaultBanner.tsx";
import { HelpFooter } from "./components/HelpFooter.tsx";
import { TabBar } from "./components/TabBar.tsx";
import { useKeys } from "./hooks/use-keys.ts";
import { usePolling } from "./hooks/use-polling.ts";
import { ScreenContext } from "./hooks/use-screen.ts";
import { useTerminalSize } from "./hooks/use-terminal-size.ts";
import { createConsoleSession, type EditorKey, splitTypedInput } from "./lib/console-session.ts";
import type { CliOptions } from "./lib/options.ts";
import type { ResourceRef, Services } from "./lib/services.ts";
import { ConsoleScreen, consoleRunner } from "./screens/ConsoleScreen.tsx";
import { DatabaseStatsScreen } from "./screens/DatabaseStatsScreen.tsx";
import { IndexStatsScreen } from "./screens/IndexStatsScreen.tsx";
import { MonitorScreen } from "./screens/MonitorScreen.tsx";
import { PubSubScreen } from "./screens/PubSubScreen.tsx";
import { QueuesScreen } from "./screens/QueuesScreen.tsx";
import { ResourcesScreen } from "./screens/ResourcesScreen.tsx";

/** The screens, in number-key order. */
export const SCREENS = [
  "Resources",
  "Vector stats",
  "Database stats",
  "Monitor",
  "Pub/Sub",
  "Console",
  "Queues",
] as const;

/** One of {@link SCREENS}. */
export type ScreenName = (typeof SCREENS)[number];

export interface AppProps {
  readonly services: Services;
  readonly options: Pick<CliOptions, "period" | "refreshMs">;
  /** The screen shown first. @default "Resources" */
  readonly initialScreen?: ScreenName;
  /** Opens the stats screens on this resource. */
  readonly initialResource?: ResourceRef;
}

const GLOBAL_KEYS = [
  ["1-7/tab", "screens"],
  ["q", "quit"],
] as const;

export const App: FunctionComponent<AppProps> = (props) => {
  const { services, options } = props;
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const [current, setCurrent] = useState(SCREENS.indexOf(props.initialScreen ?? "Resources"));
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([current]));
  useEffect(() => {
    setVisited((seen) => (seen.has(current) ? seen : new Set([...seen, current])));
  }, [current]);
  const [isEditing, setEditing] = useState(false);
  const [database, setDatabase] = useState<ResourceRef | undefined>(
    props.initialResource?.kind === "database" ? props.initialResource : undefined,
  );
  const [index, setIndex] = useState<ResourceRef | undefined>(
    props.initialResource?.kind === "database" ? undefined : props.initialResource,
  );

  // The console's line editor lives here, not in the screen, so the keys typed right after
  // switching to it land in it before the screen has mounted or run an effect.
  const [consoleSession] = useState(() => createConsoleSession(consoleRunner(services)));
  // Read by the key handler: several keys can arrive in one read, before React re-renders, so
  // the screen a key belongs to is tracked synchronously.
  const currentRef = useRef(current);
  currentRef.current = current;
  const show = (screen: number): void => {
    currentRef.current = screen;
    setCurrent(screen);
  };

  useKeys((input, key) => {
    for (const [one, oneKey] of splitTypedInput(input, key)) {
      handleKey(one, oneKey);
    }
  });

  function handleKey(input: string, key: EditorKey): void {
    const shown = currentRef.current;
    if (key.tab) {
      show((shown + (key.shift ? SCREENS.length - 1 : 1)) % SCREENS.length);
      return;
    }
    if (
      SCREENS[shown] === "Console" &&
      services.kv.kind === "ready" &&
      consoleSession.key(input, key)
    ) {
      return;
    }
    // While a screen's field has the keyboard, digits and `q` are text.
    if (isEditing && SCREENS[shown] !== "Console") {
      return;
    }
    if (input === "q") {
      exit();
      return;
    }
    const digit = Number.parseInt(input, 10);
    if (input.length === 1 && digit >= 1 && digit <= SCREENS.length) {
      show(digit - 1);
    }
  }

  const open = useCallback(
    (resource: ResourceRef) => {
      if (resource.kind === "database") {
        setDatabase(resource);
        setCurrent(SCREENS.indexOf("Database stats"));
      } else {
        setIndex(resource);
        setCurrent(SCREENS.indexOf("Vector stats"));
      }
    },
    [setCurrent],
  );

  const management = services.management;
  const loadFaults = useCallback(
    async () => (management.kind === "ready" ? management.client.faults() : []),
    [management],
  );
  const faults = usePolling(loadFaults, {
    intervalMs: options.refreshMs,
    isEnabled: management.kind === "ready",
  });
  const faultLine = faultSummary(faults.value ?? []);

  // Tab bar, fault banner and footer take one line each; the last terminal row stays free, as Ink
  // clears the whole screen on every frame that fills it.
  const height = Math.max(4, rows - 3 - (faultLine === undefined ? 0 : 1));
  const body = (screen: ScreenName): ReactNode => {
    switch (screen) {
      case "Resources":
        return <ResourcesScreen services={services} onOpen={open} />;
      case "Vector stats":
        return <IndexStatsScreen services={services} resource={index} options={options} />;
      case "Database stats":
        return <DatabaseStatsScreen services={services} resource={database} options={options} />;
      case "Monitor":
        return <MonitorScreen services={services} />;
      case "Pub/Sub":
        return <PubSubScreen services={services} />;
      case "Console":
        return <ConsoleScreen services={services} session={consoleSession} />;
      case "Queues":
        return <QueuesScreen services={services} options={options} />;
      default:
        return assertNever(screen);
    }
  };
  return (
    <Box flexDirection="column" width={columns} height={rows - 1}>
      <TabBar titles={SCREENS} current={current} />
      <Box flexDirection="column" flexGrow={1} overflow="hidden">
        {SCREENS.map((screen, position) =>
          // A screen is mounted on its first visit and then kept, hidden, so subscriptions, the
          // monitor's scrollback and the console's history survive a switch.
          visited.has(position) || position === current ? (
            <Box
              key={screen}
              display={position === current ? "flex" : "none"}
              flexDirection="column"
            >
              <ScreenContext.Provider
                value={{ width: columns, height, isActive: position === current, setEditing }}
              >
                <ErrorBoundary>{body(screen)}</ErrorBoundary>
              </ScreenContext.Provider>
            </Box>
          ) : null,
        )}
      </Box>
      {faultLine === undefined ? null : <FaultBanner text={faultLine} width={columns} />}
      {isEditing ? (
        <Text dimColor>tab screens · esc leave the field</Text>
      ) : (
        <HelpFooter keys={GLOBAL_KEYS} width={columns} />
      )}
    </Box>
  );
};

function assertNever(value: never): never {
  throw new TypeError(`Unexpected screen: ${String(value)}`);
}
