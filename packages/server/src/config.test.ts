import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "bis-config-"));

describe("loadConfig", () => {
  it("runs on embedded defaults: port 3000, outbox mail, a generated secret kept in the data directory", () => {
    const dir = dataDir();
    const config = loadConfig({ BIS_DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe("http://localhost:3000");
    expect(config.env).toBe("development");
    expect(config.email).toEqual({ mode: "outbox", from: "BIS <no-reply@localhost>" });
    expect(config.databaseFile).toBe(path.join(dir, "bis.db"));
    expect(config.secret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "secret"), "utf8").trim()).toBe(config.secret);
    expect(statSync(path.join(dir, "secret")).mode & 0o777).toBe(0o600);
    expect(loadConfig({ BIS_DATA_DIR: dir }).secret).toBe(config.secret);
    expect(config.trustedOrigins).toEqual(["http://localhost:3000", "http://localhost:5173"]);
  });

  it("uses SMTP when SMTP_URL is set", () => {
    const config = loadConfig({
      BIS_DATA_DIR: dataDir(),
      SMTP_URL: "smtp://127.0.0.1:2525",
      EMAIL_FROM: "BIS <hi@bis.test>",
    });
    expect(config.email).toEqual({
      mode: "smtp",
      smtpUrl: "smtp://127.0.0.1:2525",
      from: "BIS <hi@bis.test>",
    });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT: must be a port number"],
    [{ PORT: "70000" }, "PORT: must be between 0 and 65535"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL: must be an smtp:// or smtps:// URL"],
    [{ BIS_SECRET: "short" }, "BIS_SECRET: must be at least 32 characters"],
    [{ NODE_ENV: "staging" }, "NODE_ENV: must be development, production or test"],
    [{ BIS_BASE_URL: "localhost:3000" }, "BIS_BASE_URL: must be an http(s) URL"],
    [{ BIS_LOGIN_RATE_LIMIT: "-1" }, "BIS_LOGIN_RATE_LIMIT: must be a positive whole number"],
    [{ BIS_TRUST_PROXY: "maybe" }, "BIS_TRUST_PROXY: must be true or false"],
    [{ BIS_TRUSTED_ORIGINS: "not a url" }, "BIS_TRUSTED_ORIGINS"],
  ])("names the variable of a bad value: %o", (env, message) => {
    expect(() => loadConfig({ BIS_DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ BIS_DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("requires https for a public base URL in production, and allows http on localhost", () => {
    expect(() =>
      loadConfig({
        BIS_DATA_DIR: dataDir(),
        NODE_ENV: "production",
        BIS_BASE_URL: "http://bis.example.com",
      }),
    ).toThrow("BIS_BASE_URL: must be an https:// URL in production");
    const local = loadConfig({ BIS_DATA_DIR: dataDir(), NODE_ENV: "production" });
    expect(local.isProduction).toBe(true);
    expect(local.trustedOrigins).toEqual(["http://localhost:3000"]);
  });

  it("treats empty variables as unset", () => {
    const dir = dataDir();
    expect(loadConfig({ BIS_DATA_DIR: dir, SMTP_URL: "", PORT: "" }).port).toBe(3000);
    expect(existsSync(path.join(dir, "secret"))).toBe(true);
  });
});
