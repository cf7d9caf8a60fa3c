import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configFile, DEFAULT_SERVER, resolveConfig, writeConfig } from "./config.js";
import { colorAllowed } from "./io.js";

function home(saved?: { server: string; token: string }) {
  const dir = mkdtempSync(path.join(tmpdir(), "bis-config-"));
  const env = { XDG_CONFIG_HOME: dir };
  if (saved) writeConfig(configFile(env), saved);
  return env;
}

describe("configuration precedence", () => {
  it("defaults to localhost:3000 without a token", () => {
    expect(resolveConfig({}, home())).toMatchObject({
      server: DEFAULT_SERVER,
      serverSource: "default",
      token: undefined,
    });
  });

  it("uses the config file, then the environment, then flags", () => {
    const env = home({ server: "http://saved.example:3000/", token: "bis_saved" });
    expect(resolveConfig({}, env)).toMatchObject({
      server: "http://saved.example:3000",
      token: "bis_saved",
      tokenSource: "config file",
    });
    const withEnv = { ...env, BIS_URL: "http://saved.example:3000", BIS_TOKEN: "bis_env" };
    expect(resolveConfig({}, withEnv)).toMatchObject({
      token: "bis_env",
      tokenSource: "environment",
    });
    expect(
      resolveConfig({ token: "bis_flag", server: "http://flag.example" }, withEnv),
    ).toMatchObject({
      server: "http://flag.example",
      serverSource: "flag",
      token: "bis_flag",
      tokenSource: "flag",
    });
  });

  it("never sends the saved token to another server", () => {
    const env = home({ server: "http://saved.example", token: "bis_saved" });
    expect(resolveConfig({ server: "http://other.example" }, env).token).toBeUndefined();
    expect(resolveConfig({}, { ...env, BIS_URL: "http://other.example" }).token).toBeUndefined();
  });

  it("falls back to ~/.config and explains a bad URL", () => {
    expect(configFile({ HOME: "/home/ada" })).toBe("/home/ada/.config/bis/config.json");
    expect(() => resolveConfig({ server: "localhost" }, home())).toThrow(
      /not an http\(s\) URL|not a server URL/,
    );
  });
});

describe("colors", () => {
  it("are off with NO_COLOR, --no-color, TERM=dumb or without a terminal", () => {
    const tty = { isTTY: true };
    expect(colorAllowed(tty, {}, undefined)).toBe(true);
    expect(colorAllowed(tty, { NO_COLOR: "1" }, undefined)).toBe(false);
    expect(colorAllowed(tty, { NO_COLOR: "" }, undefined)).toBe(true);
    expect(colorAllowed(tty, {}, false)).toBe(false);
    expect(colorAllowed(tty, { TERM: "dumb" }, undefined)).toBe(false);
    expect(colorAllowed({ isTTY: false }, {}, undefined)).toBe(false);
  });
});
