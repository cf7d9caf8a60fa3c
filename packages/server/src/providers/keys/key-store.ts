/**
 * Keys of the outside services, by name. An environment variable always wins; otherwise the
 * value an administrator saved (encrypted at rest; see the admin API-keys service). Providers
 * read keys through `get()` at call time, so a key saved in the admin panel takes effect at once.
 * `get()` stays synchronous: the API-keys service answers it from memory (loaded at start,
 * updated on save, re-read from the database when older than a minute).
 */
import { API_KEYS } from "../../config.js";

/** The names of the keys and their environment variables: the configuration's table. */
export { API_KEYS };

export type ApiKeyName = keyof typeof API_KEYS;
export const API_KEY_NAMES = Object.keys(API_KEYS) as ApiKeyName[];

export interface KeyStore {
  /** The key's value, or undefined when it is configured nowhere. */
  get(name: ApiKeyName): string | undefined;
  /** Where the value comes from. */
  source(name: ApiKeyName): "environment" | "stored" | null;
}

/** Keys from the environment only (the stored layer is added by the API-keys service). */
export function environmentKeys(env: Record<string, string | undefined> = process.env): KeyStore {
  const value = (name: ApiKeyName) => {
    const v = env[API_KEYS[name]];
    return v && v.length > 0 ? v : undefined;
  };
  return {
    get: value,
    source: (name) => (value(name) ? "environment" : null),
  };
}
