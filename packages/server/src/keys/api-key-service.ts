/**
 * Keys of the outside services, saved by administrators and stored encrypted at rest.
 *
 * Encryption: AES-256-GCM with a 256-bit key derived from BIS_SECRET by HKDF-SHA-256 (fixed
 * salt and purpose label), a random 96-bit IV per value, the 128-bit authentication tag kept
 * beside it, and the key's name as additional authenticated data (a value copied to another
 * name does not decrypt). Only the last four characters are kept in clear, for display.
 *
 * Precedence: an environment variable always wins over a stored value; `keys.get()` is read
 * at call time by the providers, so a saved key takes effect at once.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { API_KEY_LABELS, type ApiKeyStatus, type ApiKeyTestResult, type User } from "@bis/sdk";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Dispatcher } from "undici";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { apiKey } from "../db/schema.js";
import { AppError } from "../lib/errors.js";
import type { AuditService } from "../services/audit.js";
import {
  API_KEY_NAMES,
  API_KEYS,
  type ApiKeyName,
  environmentKeys,
  type KeyStore,
} from "./key-store.js";
import { type KeyTestOutcome, testProviderKey } from "./key-tests.js";

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

type Row = typeof apiKey.$inferSelect;
type Actor = Pick<User, "id" | "email">;

export function createApiKeyService(options: {
  db: Db;
  config: Config;
  logger: Logger;
  audit: AuditService;
  dispatcher?: Dispatcher;
  now?: () => Date;
}) {
  const { db, config, audit } = options;
  const log = options.logger.child({ module: "api-keys" });
  const now = options.now ?? (() => new Date());
  const encryptionKey = deriveEncryptionKey(config.secret);
  const environment = environmentKeys(config.apiKeyEnv);
  /** Decrypted stored values (undefined: none stored, or it does not decrypt). */
  const decrypted = new Map<ApiKeyName, string | undefined>();
  /** The last test of each key, by the value tested (candidates and environment values). */
  const tests = new Map<ApiKeyName, TestMemo>();

  function row(name: ApiKeyName): Row | undefined {
    return db.select().from(apiKey).where(eq(apiKey.name, name)).get();
  }

  function stored(name: ApiKeyName): string | undefined {
    if (decrypted.has(name)) return decrypted.get(name);
    const r = row(name);
    let value: string | undefined;
    if (r) {
      try {
        value = openValue(encryptionKey, name, r);
      } catch {
        log.warn(
          { key: name },
          "a stored API key does not decrypt (was BIS_SECRET changed?); save it again",
        );
      }
    }
    decrypted.set(name, value);
    return value;
  }

  const keys: KeyStore = {
    get: (name) => environment.get(name) ?? stored(name),
    source: (name) => (environment.get(name) ? "environment" : stored(name) ? "stored" : null),
  };

  function status(name: ApiKeyName): ApiKeyStatus {
    const r = row(name);
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

  return {
    keys,

    /** 404 for a name that is not one of the keys. */
    nameOf(raw: string): ApiKeyName {
      if ((API_KEY_NAMES as string[]).includes(raw)) return raw as ApiKeyName;
      throw new AppError(
        "NOT_FOUND",
        `Unknown API key "${raw}"; the keys are ${API_KEY_NAMES.join(", ")}`,
      );
    },

    status,

    list(): ApiKeyStatus[] {
      return API_KEY_NAMES.map(status);
    },

    /** Encrypts and stores the value; a passing test of this very value is kept. */
    save(actor: Actor, name: ApiKeyName, value: string): ApiKeyStatus {
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
      db.transaction((tx) => {
        tx.insert(apiKey)
          .values({ name, ...values })
          .onConflictDoUpdate({ target: apiKey.name, set: values })
          .run();
        audit.record(
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
      decrypted.set(name, trimmed);
      log.info({ key: name, by: actor.id }, "API key saved");
      return status(name);
    },

    /** Removes the stored value (an environment variable, if set, stays in use). */
    remove(actor: Actor, name: ApiKeyName): ApiKeyStatus {
      const removed = db.transaction((tx) => {
        const result = tx.delete(apiKey).where(eq(apiKey.name, name)).run();
        if (result.changes > 0) {
          audit.record(
            actor,
            { action: "api-key.delete", targetType: "api-key", targetId: name },
            tx,
          );
        }
        return result.changes;
      });
      if (removed === 0) throw new AppError("NOT_FOUND", `No stored value for ${name}`);
      decrypted.delete(name);
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
        db.update(apiKey)
          .set({ lastTestedAt: at, lastTestOk: outcome.ok, lastTestMessage: outcome.message })
          .where(eq(apiKey.name, name))
          .run();
      }
      log[outcome.ok ? "info" : "warn"]({ key: name, ok: outcome.ok }, "API key tested");
      return { ok: outcome.ok, message: outcome.message, testedAt: at.toISOString() };
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
