import { test } from "vitest";
import { type ConsoleRunner, createConsoleSession, splitTypedInput } from "./console-session.ts";

/** A runner that echoes, answering in the order told by the test. */
function echoRunner(): { run: ConsoleRunner; ran: string[] } {
  const ran: string[] = [];
  return {
    ran,
    run: async (line) => {
      ran.push(line);
      return { lines: [`"${line}"`], isError: false };
    },
  };
}

const type = (session: ReturnType<typeof createConsoleSession>, text: string): void => {
  for (const character of text) {
    session.key(character, {});
  }
};

test("draws exactly what was typed and runs it on Enter, then clears the line", async ({
  expect,
}) => {
  const { run, ran } = echoRunner();
  const session = createConsoleSession(run);
  type(session, "GET greeting");
  expect(session.state()).toMatchObject({ draft: "GET greeting", cursor: 12, isEditing: true });
  session.key("\r", { return: true });
  expect(session.state()).toMatchObject({ draft: "", cursor: 0, pending: 1 });
  await new Promise<void>((resolve) => {
    const stop = session.subscribe(() => {
      if (session.state().pending === 0) {
        stop();
        resolve();
      }
    });
  });
  expect(ran).toEqual(["GET greeting"]);
  expect(session.state().entries).toEqual([
    { id: 1, command: "GET greeting", lines: ['"GET greeting"'], isError: false },
  ]);
});

test("results come back in the order entered, even when a later command answers first", async ({
  expect,
}) => {
  const resolvers: ((value: { lines: string[]; isError: boolean }) => void)[] = [];
  const session = createConsoleSession(
    (line) =>
      new Promise((resolve) => {
        resolvers.push(resolve);
        void line;
      }),
  );
  type(session, "A");
  session.key("\r", { return: true });
  type(session, "B");
  session.key("\r", { return: true });
  expect(session.state().pending).toBe(2);
  // Only the first has started: they run one after another.
  await new Promise((resolve) => setImmediate(resolve));
  expect(resolvers).toHaveLength(1);
  resolvers[0]?.({ lines: ["a"], isError: false });
  await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  resolvers[1]?.({ lines: ["b"], isError: false });
  await new Promise((resolve) => setImmediate(resolve));
  expect(session.state().entries.map((entry) => entry.command)).toEqual(["A", "B"]);
});

test("editing keys: backspace (DEL), arrows, home/end, ctrl-u; control characters are not text", ({
  expect,
}) => {
  const session = createConsoleSession(echoRunner().run);
  type(session, "SET k v");
  session.key("", { delete: true });
  session.key("", { leftArrow: true });
  session.key("", { leftArrow: true });
  type(session, "X");
  expect(session.state()).toMatchObject({ draft: "SET Xk ", cursor: 5 });
  session.key("", { home: true });
  type(session, ">");
  session.key("e", { ctrl: true });
  type(session, "w\u0007");
  expect(session.state().draft).toBe(">SET Xk w");
  session.key("u", { ctrl: true });
  expect(session.state()).toMatchObject({ draft: "", cursor: 0 });
});

test("a paste with line breaks runs each line", ({ expect }) => {
  const { run, ran } = echoRunner();
  const session = createConsoleSession(run);
  session.key("PING\rECHO hi\rGET", {});
  expect(session.state().draft).toBe("GET");
  expect(session.state().pending).toBe(2);
  void ran;
});

test("history walks back and forth and restores the line being typed", async ({ expect }) => {
  const session = createConsoleSession(echoRunner().run);
  for (const line of ["ONE", "TWO"]) {
    type(session, line);
    session.key("\r", { return: true });
  }
  type(session, "thr");
  session.key("", { upArrow: true });
  expect(session.state().draft).toBe("TWO");
  session.key("", { upArrow: true });
  session.key("", { upArrow: true });
  expect(session.state().draft).toBe("ONE");
  session.key("", { downArrow: true });
  session.key("", { downArrow: true });
  expect(session.state().draft).toBe("thr");
});

test("Esc leaves the field: the app's keys pass through until Enter takes it again", ({
  expect,
}) => {
  const session = createConsoleSession(echoRunner().run);
  expect(session.key("q", {})).toBe(true);
  session.key("", { escape: true });
  expect(session.state().isEditing).toBe(false);
  expect(session.key("3", {})).toBe(false);
  expect(session.key("\r", { return: true })).toBe(true);
  expect(session.state()).toMatchObject({ isEditing: true, draft: "q" });
});

test("a read holding several typed keys is split into them; escape sequences stay whole", ({
  expect,
}) => {
  expect(splitTypedInput("6GE\r", {})).toEqual([
    ["6", {}],
    ["G", {}],
    ["E", {}],
    ["", { return: true }],
  ]);
  expect(splitTypedInput("a\u007f\u0015", {})).toEqual([
    ["a", {}],
    ["", { backspace: true }],
    ["u", { ctrl: true }],
  ]);
  expect(splitTypedInput("\u001B[A", { upArrow: true })).toEqual([["\u001B[A", { upArrow: true }]]);
  expect(splitTypedInput("x", {})).toEqual([["x", {}]]);
});
