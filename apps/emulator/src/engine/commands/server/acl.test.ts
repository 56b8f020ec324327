import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("ACL", () => {
  test("SETUSER, GETUSER, LIST, USERS, DELUSER", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("ACL", "SETUSER", "alice", "on", "nopass", "~k*", "+get")).toEqual(r.ok);
    expect(run("ACL", "GETUSER", "alice")).toEqual(
      r.arr(
        r.bulk("flags"),
        r.arr(r.bulk("on"), r.bulk("nopass"), r.bulk("sanitize-payload")),
        r.bulk("passwords"),
        r.arr(),
        r.bulk("commands"),
        r.bulk("-@all +get"),
        r.bulk("keys"),
        r.bulk("~k*"),
        r.bulk("channels"),
        r.bulk(""),
        r.bulk("selectors"),
        r.arr(),
      ),
    );
    expect(run("ACL", "GETUSER", "nobody")).toEqual(r.nil);
    expect(run("ACL", "USERS")).toEqual(
      r.arr(r.bulk("alice"), r.bulk("default"), r.bulk("default_ro")),
    );
    expect(run("ACL", "LIST")).toMatchObject(
      r.arr(
        r.bulk("user alice on nopass sanitize-payload ~k* resetchannels -@all +get"),
        r.bulk("user default on nopass sanitize-payload ~* &* +@all"),
        expect.anything(),
      ),
    );
    expect(run("ACL", "DELUSER", "alice", "nobody")).toEqual(r.int(1));
    expect(run("ACL", "DELUSER", "default")).toEqual(
      r.err("ERR The 'default' user cannot be removed"),
    );
    expect(run("ACL", "SETUSER", "x", "bad")).toEqual(
      r.err("ERR Error in ACL SETUSER modifier 'bad': Syntax error"),
    );
  });

  test("AUTH as a user, then NOPERM for commands, keys and channels", ({ expect }) => {
    const { run } = createTestEngine();
    run("ACL", "SETUSER", "u", "on", ">pw", "~k*", "+get", "+set", "+publish", "+acl|whoami");
    expect(run("AUTH", "u", "bad")).toEqual(
      r.err("WRONGPASS invalid username-password pair or user is disabled."),
    );
    expect(run("AUTH", "u", "pw")).toEqual(r.ok);
    expect(run("ACL", "WHOAMI")).toEqual(r.bulk("u"));
    expect(run("SET", "k1", "v")).toEqual(r.ok);
    expect(run("DEL", "k1")).toEqual(
      r.err("NOPERM User u has no permissions to run the 'del' command"),
    );
    expect(run("GET", "other")).toEqual(r.err("NOPERM No permissions to access a key"));
    expect(run("PUBLISH", "ch", "m")).toEqual(r.err("NOPERM No permissions to access a channel"));
    expect(run("ACL", "LIST")).toEqual(
      r.err("NOPERM User u has no permissions to run the 'acl|list' command"),
    );
  });

  test("DRYRUN, CAT, GENPASS, LOG", ({ expect }) => {
    const { run } = createTestEngine();
    run("ACL", "SETUSER", "u", "on", "nopass", "~k*", "+get");
    expect(run("ACL", "DRYRUN", "u", "GET", "k1")).toEqual(r.ok);
    expect(run("ACL", "DRYRUN", "u", "GET", "z")).toEqual(
      r.bulk("User u has no permissions to access the 'z' key"),
    );
    expect(run("ACL", "DRYRUN", "u", "DEL", "k")).toEqual(
      r.bulk("User u has no permissions to run the 'del' command"),
    );
    expect(run("ACL", "DRYRUN", "nobody", "GET", "k")).toEqual(
      r.err("ERR User 'nobody' not found"),
    );
    expect(run("ACL", "DRYRUN", "u", "NOSUCH", "k")).toEqual(
      r.err("ERR Command 'NOSUCH' not found"),
    );
    expect(run("ACL", "CAT", "nosuch")).toEqual(r.err("ERR Unknown category 'nosuch'"));
    const strings = run("ACL", "CAT", "string");
    expect(strings.kind === "array" && strings.items).toContainEqual(r.bulk("get"));
    const password = run("ACL", "GENPASS");
    expect(password.kind === "bulk" && password.value).toMatch(/^[0-9a-f]{64}$/);
    expect(run("ACL", "GENPASS", "5")).toMatchObject({
      kind: "bulk",
      value: expect.stringMatching(/^[0-9a-f]{2}$/),
    });
    expect(run("ACL", "LOG", "RESET")).toEqual(r.ok);
  });
});
