/** Application settings (key/value), of which the landing video URL is public. */
import type { AppSettings, PublicSettings } from "@bis/sdk";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { appSetting } from "../db/schema.js";

const SETTING_KEYS = [
  "premiumOfferVideoUrl",
  "keywordEducationVideoUrl",
  "competitionEducationVideoUrl",
  "landingPageVideoUrl",
] as const satisfies readonly (keyof AppSettings)[];

export function createSettingsService(db: Db) {
  function all(): AppSettings {
    const rows = db
      .select()
      .from(appSetting)
      .where(inArray(appSetting.key, [...SETTING_KEYS]))
      .all();
    const values = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(SETTING_KEYS.map((k) => [k, values[k] ?? ""])) as AppSettings;
  }

  return {
    all,
    publicSettings(): PublicSettings {
      const { landingPageVideoUrl } = all();
      return landingPageVideoUrl ? { landingPageVideoUrl } : {};
    },
    update(changes: Partial<AppSettings>): AppSettings {
      const now = new Date();
      db.transaction((tx) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) continue;
          tx.insert(appSetting)
            .values({ key, value, updatedAt: now })
            .onConflictDoUpdate({ target: appSetting.key, set: { value, updatedAt: now } })
            .run();
        }
      });
      return all();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
