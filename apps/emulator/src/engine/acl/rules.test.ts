import { describe, test } from "vitest";
import { COMMAND_TABLE } from "../commands/table.ts";
import { checkPermission } from "./check.ts";
import { AclRegistry, AclSetUserError } from "./registry.ts";

function registry(): AclRegistry {
  return new AclRegistry(COMMAND_TABLE);
}

function command(name: string) {
  const [container = "", sub] = name.split("|");
  const found = COMMAND_TABLE.get(container);
  const resolved = sub === undefined ? found : found?.subcommands?.get(sub);
  if (resolved === undefined) {
    throw new Error(`no ${name}`);
  }
  return resolved;
}

describe("ACL rules", () => {
  test("default users", ({ expect }) => {
    const acl = registry();
    expect(acl.usernames()).toEqual(["default", "default_ro"]);
    expect(acl.user("default")?.describe()).toBe(
      "user default on nopass sanitize-payload ~* &* +@all",
    );
    expect(acl.user("default_ro")?.describe()).toMatch(
      /^user default_ro on nopass sanitize-payload ~\* &\* -@all \+@read -@dangerous \+ping \+echo .*-scan -keys$/,
    );
  });

  test("rules describe in order, replacing earlier rules for the same command", ({ expect }) => {
    const acl = registry();
    acl.setUser("u", ["on", ">pw", "~foo*", "%R~bar*", "&ch*", "+get", "+config|get", "-get"]);
    acl.setUser("u", ["+@hash", "+config"]);
    expect(acl.user("u")?.describe()).toBe(
      "user u on sanitize-payload #30c952fab122c3f9759f02a6d95c3758b246b4fee239957b2d4fee46e26170c4 ~foo* %R~bar* resetchannels &ch* -@all -get +@hash +config",
    );
    acl.setUser("u", ["reset"]);
    expect(acl.user("u")?.describe()).toBe("user u off sanitize-payload resetchannels -@all");
  });

  test.for([
    ["badrule", "Syntax error"],
    ["+nosuch", "Unknown command or category name in ACL"],
    ["+@nosuch", "Unknown command or category name in ACL"],
    ["%X~a", "Syntax error"],
    [
      "#abc",
      "The password hash must be exactly 64 characters and contain only lowercase hexadecimal characters",
    ],
    ["<nope", "The password you are trying to remove from the user does not exist"],
  ] as const)("%s is refused and nothing changes", ([rule, reason], { expect }) => {
    const acl = registry();
    const error = (() => {
      try {
        acl.setUser("x", ["on", rule]);
      } catch (caught: unknown) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(AclSetUserError);
    expect((error as AclSetUserError).message).toBe(
      `Error in ACL SETUSER modifier '${rule}': ${reason}`,
    );
    expect(acl.user("x")).toBeUndefined();
  });

  test("checks commands, subcommands, categories, keys and channels", ({ expect }) => {
    const acl = registry();
    acl.setUser("u", [
      "on",
      "nopass",
      "~app:*",
      "%R~ro:*",
      "&news.*",
      "+@read",
      "+set",
      "+config|get",
      "+publish",
    ]);
    const user = acl.user("u");
    if (user === undefined) {
      throw new Error("no user");
    }
    expect(checkPermission(user, command("GET"), ["GET", "app:1"])).toBeUndefined();
    expect(checkPermission(user, command("GET"), ["GET", "ro:1"])).toBeUndefined();
    expect(checkPermission(user, command("SET"), ["SET", "ro:1", "v"])).toEqual({
      reason: "key",
      key: "ro:1",
    });
    expect(checkPermission(user, command("DEL"), ["DEL", "app:1"])).toEqual({ reason: "command" });
    expect(checkPermission(user, command("CONFIG|GET"), ["CONFIG", "GET", "x"])).toBeUndefined();
    expect(checkPermission(user, command("CONFIG|SET"), ["CONFIG", "SET", "x", "y"])).toEqual({
      reason: "command",
    });
    expect(checkPermission(user, command("PUBLISH"), ["PUBLISH", "news.a", "m"])).toBeUndefined();
    expect(checkPermission(user, command("PUBLISH"), ["PUBLISH", "other", "m"])).toEqual({
      reason: "channel",
      channel: "other",
    });
  });

  test("authenticates enabled users with a password", ({ expect }) => {
    const acl = registry();
    acl.setUser("u", [">pw"]);
    expect(acl.authenticate("u", "pw")).toBe(false);
    acl.setUser("u", ["on"]);
    expect(acl.authenticate("u", "pw")).toBe(true);
    expect(acl.authenticate("u", "no")).toBe(false);
    expect(acl.authenticate("nobody", "pw")).toBe(false);
  });
});
