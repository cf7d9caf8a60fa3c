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
    [{ BIS_TRUST_PROXY: "maybe" }, "BIS_TRUST_PROXY: must be true, false, a hop count"],
    [{ BIS_TRUST_PROXY: "10.0.0.0/33" }, "BIS_TRUST_PROXY: must be true, false, a hop count"],
    [{ BIS_TRUST_PROXY: "10.0.0.1, proxy.local" }, "BIS_TRUST_PROXY: must be true, false"],
    [{ BIS_TRUSTED_ORIGINS: "not a url" }, "BIS_TRUSTED_ORIGINS"],
    [
      { BIS_PREMIUM_PRICE_CENTS: "899.00" },
      "BIS_PREMIUM_PRICE_CENTS: must be a whole number of cents",
    ],
    [{ BIS_PREMIUM_PRICE_CENTS: "10" }, "BIS_PREMIUM_PRICE_CENTS: must be at least 50 cents"],
    [
      { BIS_PREMIUM_CURRENCY: "dollars" },
      "BIS_PREMIUM_CURRENCY: must be a three-letter currency code",
    ],
    [{ STRIPE_API_URL: "127.0.0.1:12111" }, "STRIPE_API_URL: must be an http(s) URL"],
    [{ CENSUS_VINTAGE: "2019" }, "CENSUS_VINTAGE: must be 2020 or later"],
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

  it.each([
    [undefined, false],
    ["true", true],
    ["no", false],
    ["0", false],
    ["1", 1],
    [" 2 ", 2],
    ["10.0.0.1", ["10.0.0.1"]],
    ["loopback, 10.0.0.0/8,fd00::/8", ["loopback", "10.0.0.0/8", "fd00::/8"]],
  ])("reads BIS_TRUST_PROXY=%o as Express's trust proxy %o", (value, expected) => {
    const env = value === undefined ? {} : { BIS_TRUST_PROXY: value };
    expect(loadConfig({ BIS_DATA_DIR: dataDir(), ...env }).trustProxy).toEqual(expected);
  });

  it("treats empty variables as unset", () => {
    const dir = dataDir();
    expect(loadConfig({ BIS_DATA_DIR: dir, SMTP_URL: "", PORT: "" }).port).toBe(3000);
    expect(existsSync(path.join(dir, "secret"))).toBe(true);
  });
});

describe("payments configuration", () => {
  const stripe = {
    STRIPE_SECRET_KEY: "sk_test_51Abc",
    STRIPE_PUBLISHABLE_KEY: "pk_test_51Abc",
    STRIPE_WEBHOOK_SECRET: "whsec_abc",
  };

  it("runs in demo mode at $899.00 USD without Stripe keys", () => {
    expect(loadConfig({ BIS_DATA_DIR: dataDir() }).payments).toEqual({
      mode: "demo",
      stripe: null,
      amount: 89_900,
      currency: "usd",
    });
  });

  it("takes Stripe payments when all three keys are set, with the price and API URL given", () => {
    const config = loadConfig({
      BIS_DATA_DIR: dataDir(),
      ...stripe,
      BIS_PREMIUM_PRICE_CENTS: "49900",
      BIS_PREMIUM_CURRENCY: "CAD",
      STRIPE_API_URL: "http://127.0.0.1:12111/",
    });
    expect(config.payments).toEqual({
      mode: "stripe",
      amount: 49_900,
      currency: "cad",
      stripe: {
        secretKey: "sk_test_51Abc",
        publishableKey: "pk_test_51Abc",
        webhookSecret: "whsec_abc",
        apiUrl: "http://127.0.0.1:12111",
      },
    });
    expect(loadConfig({ BIS_DATA_DIR: dataDir(), ...stripe }).payments.stripe?.apiUrl).toBeNull();
  });

  it.each([
    [
      { STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY },
      ["STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"],
    ],
    [{ ...stripe, STRIPE_WEBHOOK_SECRET: "" }, ["STRIPE_WEBHOOK_SECRET"]],
    [{ ...stripe, STRIPE_SECRET_KEY: undefined }, ["STRIPE_SECRET_KEY"]],
  ])("names the missing variable of a partial Stripe set: %o", (env, missing) => {
    let error: unknown;
    try {
      loadConfig({ BIS_DATA_DIR: dataDir(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of missing) {
      expect((error as Error).message).toContain(`${name}: is required when`);
    }
  });

  it.each([
    [
      { ...stripe, STRIPE_SECRET_KEY: "pk_test_oops" },
      "STRIPE_SECRET_KEY: must be a Stripe secret key",
    ],
    [
      { ...stripe, STRIPE_PUBLISHABLE_KEY: "sk_test_oops" },
      "STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key",
    ],
    [
      { ...stripe, STRIPE_WEBHOOK_SECRET: "secret" },
      "STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret",
    ],
    [
      { ...stripe, STRIPE_PUBLISHABLE_KEY: "pk_live_51Abc" },
      "STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test key",
    ],
  ])("rejects keys of the wrong kind: %o", (env, message) => {
    expect(() => loadConfig({ BIS_DATA_DIR: dataDir(), ...env })).toThrow(message);
  });
});
