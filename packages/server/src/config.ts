/**
 * Configuration from environment variables, parsed with zod. A bad value stops start-up with
 * a message naming the variable (see docs/configuration.md for the table).
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { DatabaseTarget } from "./db/database.js";
import { type TrustProxy, trustProxySchema } from "./lib/trust-proxy.js";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const positiveInt = z.coerce
  .number({ error: "must be a whole number" })
  .int({ error: "must be a whole number" })
  .positive({ error: "must be a positive whole number" });

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://localhost:3000" })
  .transform((v) => v.replace(/\/+$/, ""));

const envSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], {
      error: "must be development, production or test",
    })
    .default("development"),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int({ error: "must be a port number" })
    .min(0, { error: "must be between 0 and 65535" })
    .max(65535, { error: "must be between 0 and 65535" })
    .default(3000),
  /** Unset: every interface, IPv4 and IPv6. */
  HOST: z.string().min(1, { error: "must not be empty" }).optional(),
  BIS_DATA_DIR: z.string().min(1, { error: "must not be empty" }).default("./data"),
  /** postgres://… runs on PostgreSQL; unset, on the SQLite file in BIS_DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, { error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  /** Connections each instance keeps to PostgreSQL. */
  DATABASE_POOL_SIZE: positiveInt.default(10),
  BIS_BASE_URL: httpUrl.optional(),
  BIS_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  BIS_TRUSTED_ORIGINS: z.string().optional(),
  /** Express's trust-proxy forms: true/false, a hop count, or proxy addresses (lib/trust-proxy.ts). */
  BIS_TRUST_PROXY: trustProxySchema.default(false),
  BIS_LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .optional(),
  BIS_LOG_FORMAT: z.enum(["json", "pretty"], { error: "must be json or pretty" }).optional(),
  /** The admin Logs tab keeps at most this many entries (all instances) and this many days. */
  BIS_LOG_RETENTION_ENTRIES: positiveInt.default(10_000),
  BIS_LOG_RETENTION_DAYS: positiveInt.default(7),
  BIS_LOGIN_RATE_LIMIT: positiveInt.default(10),
  BIS_LOGIN_RATE_WINDOW_MINUTES: positiveInt.default(15),
  /** Per-account sign-in delays (ms): the first, doubling up to the longest; tests shorten them. */
  BIS_SIGN_IN_DELAY_MS: positiveInt.default(1_000),
  BIS_SIGN_IN_DELAY_MAX_MS: positiveInt.default(10_000),
  /** New analyses one account may run per minute (0 turns the cap off). */
  BIS_ANALYSIS_RATE_LIMIT: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must be 0 (off) or a positive whole number" })
    .default(30),
  BIS_APP_DIST: z.string().optional(),
  /** The built widget (bis-widget.iife.js); default packages/widget/dist. */
  BIS_WIDGET_DIST: z.string().optional(),
  /** Widget calls per minute from one IP address. */
  BIS_WIDGET_RATE_LIMIT: positiveInt.default(30),
  /** Widget calls per minute for one partner (all visitors together). */
  BIS_WIDGET_PARTNER_RATE_LIMIT: positiveInt.default(600),
  /** Waits before each retry of a lead webhook, in milliseconds, comma-separated. */
  BIS_WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, {
      error: "must be whole milliseconds separated by commas, e.g. 500,2000,8000",
    })
    .transform((v) => v.split(",").map(Number))
    .default([500, 2000, 8000]),
  BIS_WEBHOOK_TIMEOUT_MS: positiveInt.default(10_000),
  /** Partner webhooks may point at loopback, private and link-local addresses (development). */
  BIS_ALLOW_PRIVATE_WEBHOOKS: bool.default(false),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: "must be an smtp:// or smtps:// URL such as smtp://127.0.0.1:2525",
    })
    .optional(),
  BIS_PLACE_PROVIDER: z
    .enum(["embedded", "census-api", "import"], { error: "must be embedded, census-api or import" })
    .default("embedded"),
  CENSUS_API_KEY: z.string().min(1).optional(),
  CENSUS_API_URL: httpUrl.default("https://api.census.gov"),
  CENSUS_VINTAGE: z
    .string()
    .regex(/^20\d\d$/, { error: "must be a year such as 2022" })
    // Earlier vintages use the 2010 tracts, which the embedded 2020 tract centres cannot place.
    .refine((year) => Number(year) >= 2020, {
      error: "must be 2020 or later (earlier ACS vintages use the 2010 census tracts)",
    })
    .default("2022"),
  BIS_KEYWORD_PROVIDER: z
    .enum(["embedded", "google-ads", "dataforseo"], {
      error: "must be embedded, google-ads or dataforseo",
    })
    .default("embedded"),
  /** Sample competitors, labelled as such, when no competitor provider is configured. */
  BIS_SAMPLE_DATA: bool.optional(),
  GOOGLE_ADS_API_URL: httpUrl.default("https://googleads.googleapis.com"),
  DATAFORSEO_API_URL: httpUrl.default("https://api.dataforseo.com"),
  GOOGLE_PLACES_API_URL: httpUrl.default("https://places.googleapis.com"),
  YELP_API_URL: httpUrl.default("https://api.yelp.com"),
  /** Where the admin key test sends its Static Maps request (tests point it at a fake). */
  GOOGLE_MAPS_API_URL: httpUrl.default("https://maps.googleapis.com"),
  EMAIL_FROM: z
    .string()
    .min(3, { error: "must be an address such as BIS <no-reply@example.com>" })
    .default("BIS <no-reply@localhost>"),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, {
      error: "must be a Stripe secret key such as sk_test_… or sk_live_…",
    })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, {
      error: "must be a Stripe publishable key such as pk_test_… or pk_live_…",
    })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: "must be a Stripe webhook signing secret such as whsec_…" })
    .optional(),
  /** Tests and proxies only: where the Stripe API is (default: Stripe's own https://api.stripe.com). */
  STRIPE_API_URL: httpUrl.optional(),
  /** Digits only: "899.00" is a mistake for 89900, not 899 cents. */
  BIS_PREMIUM_PRICE_CENTS: z
    .string()
    .regex(/^\d+$/, { error: "must be a whole number of cents such as 89900 (for $899.00)" })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(50, { error: "must be at least 50 cents (Stripe's minimum charge)" })
        .max(99_999_999, { error: "must be at most 99999999 cents (Stripe's maximum charge)" }),
    )
    .default(89_900),
  BIS_PREMIUM_CURRENCY: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(
      z.string().regex(/^[a-z]{3}$/, { error: "must be a three-letter currency code such as usd" }),
    )
    .default("usd"),
  /** A raster tile URL template for the results map; unset: the offline outline map. */
  BIS_MAP_TILE_URL: z.string().optional(),
  BIS_MAP_TILE_ATTRIBUTION: z
    .string()
    .max(300, { error: "must be at most 300 characters" })
    .refine((v) => !/[\r\n]/.test(v), { error: "must be one line" })
    .optional(),
});

const STRIPE_VARIABLES = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
] as const;

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string | undefined;
  dataDir: string;
  /** The SQLite file (used when `database` is SQLite; kept for backups and the System tab). */
  databaseFile: string;
  database: DatabaseTarget;
  baseUrl: string;
  secret: string;
  trustedOrigins: string[];
  trustProxy: TrustProxy;
  logLevel: string;
  /** stdout's lines: readable (pino-pretty) or one JSON object each; pretty on a terminal. */
  logFormat: "json" | "pretty";
  /** The database log's bound (logging/log-store.ts prunes to it every minute). */
  logRetention: { entries: number; days: number };
  loginRateLimit: { limit: number; windowMs: number };
  signInDelay: { firstMs: number; maxMs: number };
  /** New analyses per account per minute; 0: no cap. */
  analysisRateLimit: number;
  appDist: string | null;
  widget: {
    /** Directory of the built widget (may not exist yet: the file is then answered 404). */
    dist: string;
    /** Calls per minute per IP address and per partner. */
    ipRateLimit: number;
    partnerRateLimit: number;
    rateWindowMs: number;
    /** Waits before each webhook retry (the first attempt is immediate). */
    webhookRetryDelaysMs: number[];
    webhookTimeoutMs: number;
    /** Partner webhook URLs may name internal addresses (BIS_ALLOW_PRIVATE_WEBHOOKS). */
    allowPrivateWebhooks: boolean;
  };
  email: { mode: "smtp"; smtpUrl: string; from: string } | { mode: "outbox"; from: string };
  premium: {
    keywordProvider: "embedded" | "google-ads" | "dataforseo";
    /** Sample competitors (labelled) when no competitor provider has a key. */
    sampleData: boolean;
    urls: { googleAds: string; dataforseo: string; googlePlaces: string; yelp: string };
  };
  places: {
    provider: "embedded" | "census-api" | "import";
    census: { apiKey: string | undefined; baseUrl: string; vintage: string };
  };
  payments: PaymentsConfig;
  /** Google Maps Platform base URL (the admin key test). */
  mapsApiUrl: string;
  /** The operator's raster tiles for the results map; null: the offline outline map. */
  mapTiles: MapTilesConfig | null;
  /** Keys of outside services given in the environment, by variable (see providers/keys/key-store.ts). */
  apiKeyEnv: Record<string, string>;
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the Stripe API is; null: Stripe's own (https://api.stripe.com). */
  apiUrl: string | null;
}

/** Price of the premium package, and Stripe when all three keys are set ("demo" otherwise). */
export type PaymentsConfig = { amount: number; currency: string } & (
  | { mode: "stripe"; stripe: StripeSettings }
  | { mode: "demo"; stripe: null }
);

export interface MapTilesConfig {
  /** URL template, e.g. https://{s}.tile.example.com/{z}/{x}/{y}.png */
  url: string;
  attribution: string;
  /** The Content-Security-Policy source its images come from, e.g. https://*.tile.example.com */
  imageSource: string;
}

/**
 * Keys of the outside services, by name → the environment variable that gives each one
 * (providers/keys/key-store.ts reads them; an administrator may store them instead).
 */
export const API_KEYS = {
  googleMaps: "GOOGLE_MAPS_API_KEY",
  census: "CENSUS_API_KEY",
  googlePlaces: "GOOGLE_PLACES_API_KEY",
  yelp: "YELP_API_KEY",
  googleAdsDeveloperToken: "GOOGLE_ADS_DEVELOPER_TOKEN",
  googleAdsCustomerId: "GOOGLE_ADS_CUSTOMER_ID",
  googleAdsAccessToken: "GOOGLE_ADS_ACCESS_TOKEN",
  dataforseoLogin: "DATAFORSEO_LOGIN",
  dataforseoPassword: "DATAFORSEO_PASSWORD",
} as const;

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** packages/app/dist, seen from src/ or dist/ of this package. */
const defaultAppDist = path.resolve(here, "../../app/dist");
/** packages/widget/dist, seen from src/ or dist/ of this package. */
const defaultWidgetDist = path.resolve(here, "../../widget/dist");

function isLoopback(hostname: string) {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/** Reads BIS_SECRET, or a secret generated once and kept in the data directory. */
function resolveSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = path.join(dataDir, "secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Stripe needs all three keys, from the same (test or live) mode; none at all means demo mode. */
function paymentsConfig(env: z.output<typeof envSchema>): PaymentsConfig {
  const price = { amount: env.BIS_PREMIUM_PRICE_CENTS, currency: env.BIS_PREMIUM_CURRENCY };
  const given = STRIPE_VARIABLES.filter((name) => env[name] !== undefined);
  if (given.length === 0) return { ...price, mode: "demo", stripe: null };
  const missing = STRIPE_VARIABLES.filter((name) => env[name] === undefined);
  if (missing.length > 0) {
    const lines = missing.map(
      (name) =>
        `  ${name}: is required when ${given.join(" and ")} ${given.length === 1 ? "is" : "are"} set (set all three Stripe variables, or none for demo payment mode)`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const secretKey = env.STRIPE_SECRET_KEY as string;
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY as string;
  const secretLive = secretKey.includes("_live_");
  if (secretLive !== publishableKey.startsWith("pk_live_")) {
    throw new ConfigError(
      `Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: is a ${secretLive ? "test" : "live"} key but STRIPE_SECRET_KEY is a ${secretLive ? "live" : "test"} key; use keys from the same mode`,
    );
  }
  return {
    ...price,
    mode: "stripe",
    stripe: {
      secretKey,
      publishableKey,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
      apiUrl: env.STRIPE_API_URL ?? null,
    },
  };
}

/** The placeholders Leaflet fills in a tile URL template. */
const TILE_PLACEHOLDERS = new Set(["{s}", "{z}", "{x}", "{y}", "{-y}", "{r}"]);
const TILE_URL_EXAMPLE = "https://tile.example.com/{z}/{x}/{y}.png";

/** Why a tile URL template is refused, or null when it is a usable https template. */
export function tileUrlProblem(template: string): string | null {
  const placeholders: string[] = template.match(/\{[^}]*\}/g) ?? [];
  const unknown = placeholders.find((p) => !TILE_PLACEHOLDERS.has(p));
  if (unknown) {
    return `has an unknown placeholder ${unknown} (use {z}, {x}, {y} and optionally {s}, {r}, {-y}), e.g. ${TILE_URL_EXAMPLE}`;
  }
  const has = (p: string) => placeholders.includes(p);
  if (!has("{z}") || !has("{x}") || !(has("{y}") || has("{-y}"))) {
    return `must be a tile URL template with {z}, {x} and {y}, e.g. ${TILE_URL_EXAMPLE}`;
  }
  const match = /^https:\/\/([^/?#]+)[/?#]/i.exec(template);
  if (!match) return `must be an https:// URL template, e.g. ${TILE_URL_EXAMPLE}`;
  const host = match[1] as string;
  if (host.includes("{") && !/^\{s\}\.[^{}]+$/.test(host)) {
    return "may use a placeholder in its host name only as {s} at the start, e.g. https://{s}.tile.example.com/{z}/{x}/{y}.png";
  }
  let sample: URL;
  try {
    sample = new URL(
      template.replace(/\{[^}]*\}/g, (p) => (p === "{s}" ? "a" : p === "{r}" ? "" : "1")),
    );
  } catch {
    return `must be an https:// URL template, e.g. ${TILE_URL_EXAMPLE}`;
  }
  if (sample.protocol !== "https:")
    return `must be an https:// URL template, e.g. ${TILE_URL_EXAMPLE}`;
  if (sample.username || sample.password) return "must not carry a user name or password";
  return null;
}

/** BIS_MAP_TILE_URL with its attribution: both, or neither (the offline outline map). */
function mapTilesConfig(env: z.output<typeof envSchema>): MapTilesConfig | null {
  const url = env.BIS_MAP_TILE_URL?.trim();
  const attribution = env.BIS_MAP_TILE_ATTRIBUTION?.trim();
  if (!url && !attribution) return null;
  const fail = (line: string) => new ConfigError(`Invalid configuration:\n  ${line}`);
  if (!url) {
    throw fail(
      "BIS_MAP_TILE_ATTRIBUTION: is set but BIS_MAP_TILE_URL is not (set both for map tiles, or neither for the offline outline map)",
    );
  }
  const problem = tileUrlProblem(url);
  if (problem) throw fail(`BIS_MAP_TILE_URL: ${problem}`);
  if (!attribution) {
    throw fail(
      'BIS_MAP_TILE_ATTRIBUTION: is required when BIS_MAP_TILE_URL is set (the credit your tile provider asks for, e.g. "© OpenStreetMap contributors")',
    );
  }
  const origin = new URL(url.replace(/\{[^}]*\}/g, (p) => (p === "{s}" ? "a" : "1"))).origin;
  const imageSource = url.includes("://{s}.") ? origin.replace("https://a.", "https://*.") : origin;
  return { url, attribution, imageSource };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const baseUrl = env.BIS_BASE_URL ?? `http://localhost:${env.PORT}`;
  const base = new URL(baseUrl);
  if (isProduction && base.protocol === "http:" && !isLoopback(base.hostname)) {
    throw new ConfigError(
      "Invalid configuration:\n  BIS_BASE_URL: must be an https:// URL in production (plain http is allowed only for localhost)",
    );
  }

  const dataDir = path.resolve(env.BIS_DATA_DIR);
  // Owner only: the database, the generated secret and backups live here.
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
  }

  const extraOrigins = (env.BIS_TRUSTED_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of extraOrigins) {
    if (!httpUrl.safeParse(origin).success) {
      throw new ConfigError(
        `Invalid configuration:\n  BIS_TRUSTED_ORIGINS: "${origin}" is not an http(s) origin`,
      );
    }
  }
  const trustedOrigins = [base.origin, ...extraOrigins.map((o) => new URL(o).origin)];
  if (env.NODE_ENV === "development") trustedOrigins.push("http://localhost:5173");

  const payments = paymentsConfig(env);
  const mapTiles = mapTilesConfig(env);

  const appDist = env.BIS_APP_DIST ? path.resolve(env.BIS_APP_DIST) : defaultAppDist;

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseFile: path.join(dataDir, "bis.db"),
    database: env.DATABASE_URL
      ? { engine: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { engine: "sqlite", file: path.join(dataDir, "bis.db") },
    baseUrl,
    secret: resolveSecret(env.BIS_SECRET, dataDir),
    trustedOrigins: [...new Set(trustedOrigins)],
    trustProxy: env.BIS_TRUST_PROXY,
    logLevel: env.BIS_LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    logFormat: env.BIS_LOG_FORMAT ?? (process.stdout.isTTY ? "pretty" : "json"),
    loginRateLimit: {
      limit: env.BIS_LOGIN_RATE_LIMIT,
      windowMs: env.BIS_LOGIN_RATE_WINDOW_MINUTES * 60_000,
    },
    signInDelay: { firstMs: env.BIS_SIGN_IN_DELAY_MS, maxMs: env.BIS_SIGN_IN_DELAY_MAX_MS },
    analysisRateLimit: env.BIS_ANALYSIS_RATE_LIMIT,
    logRetention: { entries: env.BIS_LOG_RETENTION_ENTRIES, days: env.BIS_LOG_RETENTION_DAYS },
    appDist: existsSync(path.join(appDist, "index.html")) ? appDist : null,
    widget: {
      dist: env.BIS_WIDGET_DIST ? path.resolve(env.BIS_WIDGET_DIST) : defaultWidgetDist,
      ipRateLimit: env.BIS_WIDGET_RATE_LIMIT,
      partnerRateLimit: env.BIS_WIDGET_PARTNER_RATE_LIMIT,
      rateWindowMs: 60_000,
      webhookRetryDelaysMs: env.BIS_WEBHOOK_RETRY_DELAYS_MS,
      webhookTimeoutMs: env.BIS_WEBHOOK_TIMEOUT_MS,
      allowPrivateWebhooks: env.BIS_ALLOW_PRIVATE_WEBHOOKS,
    },
    premium: {
      keywordProvider: env.BIS_KEYWORD_PROVIDER,
      sampleData: env.BIS_SAMPLE_DATA ?? !isProduction,
      urls: {
        googleAds: env.GOOGLE_ADS_API_URL,
        dataforseo: env.DATAFORSEO_API_URL,
        googlePlaces: env.GOOGLE_PLACES_API_URL,
        yelp: env.YELP_API_URL,
      },
    },
    places: {
      provider: env.BIS_PLACE_PROVIDER,
      census: {
        apiKey: env.CENSUS_API_KEY,
        baseUrl: env.CENSUS_API_URL,
        vintage: env.CENSUS_VINTAGE,
      },
    },
    email: env.SMTP_URL
      ? { mode: "smtp", smtpUrl: env.SMTP_URL, from: env.EMAIL_FROM }
      : { mode: "outbox", from: env.EMAIL_FROM },
    payments,
    mapsApiUrl: env.GOOGLE_MAPS_API_URL,
    mapTiles,
    apiKeyEnv: Object.fromEntries(
      Object.values(API_KEYS)
        .filter((name) => cleaned[name] !== undefined)
        .map((name) => [name, cleaned[name] as string]),
    ),
  };
}
