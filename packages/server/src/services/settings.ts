/** Application settings (key/value), of which the landing video URL is public. */
import type { AppSettings, PublicSettings } from "@bis/sdk";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { tablesOf } from "../db/database.js";

const SETTING_KEYS = [
  "premiumOfferVideoUrl",
  "keywordEducationVideoUrl",
  "competitionEducationVideoUrl",
  "landingPageVideoUrl",
] as const satisfies readonly (keyof AppSettings)[];

export function createSettingsService({ db }: { db: Db }) {
  const { appSetting } = tablesOf(db);
  async function all(): Promise<AppSettings> {
    const rows = await db
      .select()
      .from(appSetting)
      .where(inArray(appSetting.key, [...SETTING_KEYS]));
    const values = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(SETTING_KEYS.map((k) => [k, values[k] ?? ""])) as AppSettings;
  }

  return {
    all,
    async publicSettings(): Promise<PublicSettings> {
      const { landingPageVideoUrl } = await all();
      return landingPageVideoUrl ? { landingPageVideoUrl } : {};
    },
    async update(changes: Partial<AppSettings>): Promise<AppSettings> {
      const now = new Date();
      await db.transaction(async (tx) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) continue;
          await tx
            .insert(appSetting)
            .values({ key, value, updatedAt: now })
            .onConflictDoUpdate({ target: appSetting.key, set: { value, updatedAt: now } });
        }
      });
      return all();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
