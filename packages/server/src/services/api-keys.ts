/**
 * Keys of the outside services, saved by administrators and stored encrypted at rest.
 *
 * Encryption: AES-256-GCM with a 256-bit key derived from BIS_SECRET by HKDF-SHA-256 (fixed
 * salt and purpose label), a random 96-bit IV per value, the 128-bit authentication tag kept
 * beside it, and the key's name as additional authenticated data (a value copied to another
 * name does not decrypt). Only the last four characters are kept in clear, for display.
 *
 * Precedence: an environment variable always wins over a stored value; `keys.get()` is read
 * at call time by the providers, so a saved key takes effect at once (on the instance that saved
 * it; on others within KEY_CACHE_REFRESH_MS).
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { API_KEY_LABELS, type ApiKeyStatus, type ApiKeyTestResult, type User } from "@bis/sdk";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Dispatcher } from "undici";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { type Tables, tablesOf } from "../db/database.js";
import { AppError } from "../lib/errors.js";
import {
  API_KEY_NAMES,
  API_KEYS,
  type ApiKeyName,
  environmentKeys,
  type KeyStore,
} from "../providers/keys/key-store.js";
import { type KeyTestOutcome, testProviderKey } from "../providers/keys/key-tests.js";
import type { AuditService } from "./audit.js";

const ALGORITHM = "aes-256-gcm";
const HKDF_SALT = "bis/api-keys";
const HKDF_INFO = "aes-256-gcm v1";

export interface SealedValue {
  ciphertext: string;
  iv: string;
  tag: string;
}

/** The 32-byte encryption key derived from the server secret. */
export function deriveEncryptionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, HKDF_INFO, 32));
}

export function sealValue(key: Buffer, name: string, plaintext: string): SealedValue {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(name, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return {
    ciphertext: ciphertext.toString("base64"),
    iv: iv.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
  };
}

/** Throws when the value was sealed with another secret, for another name, or altered. */
export function openValue(key: Buffer, name: string, sealed: SealedValue): string {
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv, "base64"));
  decipher.setAAD(Buffer.from(name, "utf8"));
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.ciphertext, "base64")),
    decipher.final(),
  ]).toString("utf8");
}

/** The last four characters, and nothing for values too short to show any safely. */
export function lastFour(value: string): string | null {
  return value.length >= 8 ? value.slice(-4) : null;
}

function fingerprint(name: string, value: string): string {
  return createHash("sha256").update(`${name}\0${value}`).digest("hex");
}

interface TestMemo {
  fingerprint: string;
  at: Date;
  ok: boolean;
  message: string;
}

/** A stored value as last read: its ciphertext, and the value (undefined: does not decrypt). */
interface CachedKey {
  ciphertext: string;
  value: string | undefined;
}

/** How old the cache of stored keys may grow before a read refreshes it (in the background). */
export const KEY_CACHE_REFRESH_MS = 60_000;

type Row = Tables["apiKey"]["$inferSelect"];
type Actor = Pick<User, "id" | "email">;

/**
 * `keys.get()` stays synchronous (providers read it on every call): it answers from the
 * environment, else from an in-memory copy of the stored keys. `load()` fills that copy at
 * start; this instance's saves and removals update it at once; a read older than
 * KEY_CACHE_REFRESH_MS starts a refresh from the database, so a key saved through another
 * instance takes effect within that time. The admin list reads the database and refreshes it too.
 */
export function createApiKeyService(options: {
  db: Db;
  config: Config;
  logger: Logger;
  audit: AuditService;
  dispatcher?: Dispatcher;
  now?: () => Date;
}) {
  const { db, config, audit } = options;
  const { apiKey } = tablesOf(db);
  const log = options.logger.child({ module: "api-keys" });
  const now = options.now ?? (() => new Date());
  const encryptionKey = deriveEncryptionKey(config.secret);
  const environment = environmentKeys(config.apiKeyEnv);
  /** The stored keys, by name (absent: none stored). */
  const cache = new Map<string, CachedKey>();
  /** The last test of each key, by the value tested (candidates and environment values). */
  const tests = new Map<ApiKeyName, TestMemo>();
  let refreshedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<void> | null = null;
  /** Bumped when a save or removal starts and ends: rows read across one are not applied. */
  let generation = 0;
  let writes = 0;

  function remember(r: Row) {
    if (cache.get(r.name)?.ciphertext === r.ciphertext) return;
    let value: string | undefined;
    try {
      value = openValue(encryptionKey, r.name, r);
    } catch {
      log.warn(
        { key: r.name },
        "a stored API key does not decrypt (was BIS_SECRET changed?); save it again",
      );
    }
    cache.set(r.name, { ciphertext: r.ciphertext, value });
  }

  /** Brings the cache in line with rows read at `readAt` (all rows, or those of `only`). */
  function absorb(rows: Row[], readAt: number, only?: ApiKeyName) {
    if (readAt !== generation || writes > 0) return;
    const present = new Set(rows.map((r) => r.name));
    for (const r of rows) remember(r);
    for (const name of only ? [only] : [...cache.keys()]) {
      if (!present.has(name)) cache.delete(name);
    }
  }

  async function readAll(): Promise<Row[]> {
    const readAt = generation;
    const rows = await db.select().from(apiKey);
    absorb(rows, readAt);
    refreshedAt = Date.now();
    return rows;
  }

  /** Starts a refresh when the cache is old (never two at once); errors are logged. */
  function refreshIfStale() {
    if (refreshing || Date.now() - refreshedAt < KEY_CACHE_REFRESH_MS) return;
    refreshing = readAll()
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, "stored API keys could not be re-read"))
      .finally(() => {
        refreshing = null;
      });
  }

  function stored(name: ApiKeyName): string | undefined {
    refreshIfStale();
    return cache.get(name)?.value;
  }

  /** Runs a save or removal, so that no refresh read meanwhile overwrites its cache update. */
  async function writing<T>(write: () => Promise<T>): Promise<T> {
    generation++;
    writes++;
    try {
      return await write();
    } finally {
      writes--;
      generation++;
    }
  }

  const keys: KeyStore = {
    get: (name) => environment.get(name) ?? stored(name),
    source: (name) => (environment.get(name) ? "environment" : stored(name) ? "stored" : null),
  };

  function describe(name: ApiKeyName, r: Row | undefined): ApiKeyStatus {
    const source = keys.source(name);
    const value = keys.get(name);
    let lastTest: { at: Date | null; ok: boolean | null; message: string | null } = {
      at: null,
      ok: null,
      message: null,
    };
    if (source === "stored" && r) {
      lastTest = { at: r.lastTestedAt, ok: r.lastTestOk, message: r.lastTestMessage };
    } else if (source === "environment" && value) {
      const memo = tests.get(name);
      if (memo && memo.fingerprint === fingerprint(name, value))
        lastTest = { at: memo.at, ok: memo.ok, message: memo.message };
    }
    return {
      name,
      label: API_KEY_LABELS[name],
      envVar: API_KEYS[name],
      configured: value !== undefined,
      source,
      last4: value ? lastFour(value) : null,
      testable: true,
      updatedAt: source === "stored" && r ? r.updatedAt.toISOString() : null,
      lastTestedAt: lastTest.at ? lastTest.at.toISOString() : null,
      lastTestOk: lastTest.ok,
      lastTestMessage: lastTest.message,
    };
  }

  async function status(name: ApiKeyName): Promise<ApiKeyStatus> {
    const readAt = generation;
    const [r] = await db.select().from(apiKey).where(eq(apiKey.name, name));
    absorb(r ? [r] : [], readAt, name);
    return describe(name, r);
  }

  return {
    keys,

    /** Reads the stored keys into memory: awaited once at start, before `keys` is used. */
    async load(): Promise<void> {
      await readAll();
    },

    /** 404 for a name that is not one of the keys. */
    nameOf(raw: string): ApiKeyName {
      if ((API_KEY_NAMES as string[]).includes(raw)) return raw as ApiKeyName;
      throw new AppError(
        "API_KEY_UNKNOWN",
        `Unknown API key "${raw}"; the keys are ${API_KEY_NAMES.join(", ")}`,
      );
    },

    status,

    async list(): Promise<ApiKeyStatus[]> {
      const rows = await readAll();
      return API_KEY_NAMES.map((name) =>
        describe(
          name,
          rows.find((r) => r.name === name),
        ),
      );
    },

    /** Encrypts and stores the value; a passing test of this very value is kept. */
    async save(actor: Actor, name: ApiKeyName, value: string): Promise<ApiKeyStatus> {
      const trimmed = value.trim();
      if (!trimmed) throw new AppError("VALIDATION_FAILED", "API Key Required");
      const sealed = sealValue(encryptionKey, name, trimmed);
      const memo = tests.get(name);
      const tested = memo && memo.fingerprint === fingerprint(name, trimmed) ? memo : null;
      const at = now();
      const values = {
        ...sealed,
        last4: lastFour(trimmed) ?? "",
        updatedBy: actor.id,
        updatedAt: at,
        lastTestedAt: tested?.at ?? null,
        lastTestOk: tested?.ok ?? null,
        lastTestMessage: tested?.message ?? null,
      };
      const overridden = environment.get(name) !== undefined;
      await writing(async () => {
        await db.transaction(async (tx) => {
          await tx
            .insert(apiKey)
            .values({ name, ...values })
            .onConflictDoUpdate({ target: apiKey.name, set: values });
          await audit.record(
            actor,
            {
              action: "api-key.save",
              targetType: "api-key",
              targetId: name,
              detail: { last4: lastFour(trimmed), overriddenByEnvironment: overridden },
            },
            tx,
          );
        });
        cache.set(name, { ciphertext: sealed.ciphertext, value: trimmed });
      });
      log.info({ key: name, by: actor.id }, "API key saved");
      return status(name);
    },

    /** Removes the stored value (an environment variable, if set, stays in use). */
    async remove(actor: Actor, name: ApiKeyName): Promise<ApiKeyStatus> {
      const removed = await writing(async () => {
        const count = await db.transaction(async (tx) => {
          const gone = await tx
            .delete(apiKey)
            .where(eq(apiKey.name, name))
            .returning({ name: apiKey.name });
          if (gone.length > 0) {
            await audit.record(
              actor,
              { action: "api-key.delete", targetType: "api-key", targetId: name },
              tx,
            );
          }
          return gone.length;
        });
        // Gone either way (another instance may have removed it first).
        cache.delete(name);
        return count;
      });
      if (removed === 0) throw new AppError("API_KEY_NOT_STORED", `No stored value for ${name}`);
      log.info({ key: name, by: actor.id }, "API key removed");
      return status(name);
    },

    /**
     * Tests `value` (or the value in use) with a real request to the provider, and remembers
     * the result: on the stored row when it is the stored value, in memory otherwise.
     */
    async test(name: ApiKeyName, value?: string): Promise<ApiKeyTestResult> {
      const candidate = value?.trim() || keys.get(name);
      if (!candidate) throw new AppError("VALIDATION_FAILED", "API Key Required");
      let outcome: KeyTestOutcome;
      try {
        outcome = await testProviderKey(name, candidate, {
          config,
          current: keys.get,
          dispatcher: options.dispatcher,
        });
      } catch (error) {
        log.error({ err: error, key: name }, "API key test failed unexpectedly");
        outcome = { ok: false, message: "The test could not be run; see the server log" };
      }
      const at = now();
      const print = fingerprint(name, candidate);
      tests.set(name, { fingerprint: print, at, ok: outcome.ok, message: outcome.message });
      const own = stored(name);
      if (own !== undefined && fingerprint(name, own) === print) {
        await db
          .update(apiKey)
          .set({ lastTestedAt: at, lastTestOk: outcome.ok, lastTestMessage: outcome.message })
          .where(eq(apiKey.name, name));
      }
      log[outcome.ok ? "info" : "warn"]({ key: name, ok: outcome.ok }, "API key tested");
      return { ok: outcome.ok, message: outcome.message, testedAt: at.toISOString() };
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
