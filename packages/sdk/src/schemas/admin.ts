/**
 * Administration (the specification's /admin screen, its forms, access rules and API calls):
 * users, analyses, settings, API keys, system, logs and the audit trail. Every call here is
 * answered by the server only to administrators (401 signed out, 403 otherwise).
 *
 * This file stands alone (no import from entities.ts, which re-exports it).
 */
import { z } from "zod";
import { ERRORS } from "../errors.js";
import { PAGINATION_MESSAGES } from "./pagination.js";

const isoDate = z.string().describe("ISO 8601 timestamp");

export const ADMIN_MESSAGES = {
  /** The message of the ADMIN_REQUIRED code. */
  forbidden: ERRORS.ADMIN_REQUIRED.message,
  ownAdminStatus: "You cannot change your own admin status",
  deleteSelf: "You cannot delete your own account",
  lastAdmin: "The last administrator cannot be removed",
  selectAnalyses: "Please select at least one analysis to delete",
  apiKeyRequired: "API Key Required",
  isAdminBoolean: "isAdmin must be true or false",
} as const;

/* ------------------------------------------------------------------ users */

/** A row of GET /api/admin/users: the user plus what an administrator needs to decide. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  profileImageUrl: z.string().nullable(),
  createdAt: isoDate,
  emailVerified: z.boolean(),
  analysisCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** PUT /api/admin/users/{userId}/admin. */
export const setAdminRequestSchema = z.object({
  isAdmin: z.boolean({ error: ADMIN_MESSAGES.isAdminBoolean }),
});
export type SetAdminRequest = z.input<typeof setAdminRequestSchema>;

/** DELETE /api/admin/users/{userId}. */
/** GET /api/admin/setup: whether the first-administrator setup is still open. */
export const adminSetupStatusSchema = z.object({ available: z.boolean() });

export const deleteUserResponseSchema = z.object({
  deletedUser: z.object({ id: z.string(), email: z.string() }),
});
export type DeleteUserResponse = z.infer<typeof deleteUserResponseSchema>;

/* ------------------------------------------------------------------ analyses */

/** A row of GET /api/admin/analyses (every user's, newest first). */
export const adminAnalysisSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  /** The owner's email; null for widget analyses (no user). */
  userEmail: z.string().nullable(),
  location: z.string(),
  city: z.string(),
  state: z.string(),
  industry: z.string(),
  primaryRadius: z.number(),
  secondaryRadius: z.number(),
  createdAt: isoDate,
  isPaid: z.boolean(),
  marketAnalysisCompleted: z.boolean(),
  keywordResearchCompleted: z.boolean(),
  competitionAnalysisCompleted: z.boolean(),
  marketSize: z.number().nullable(),
  households: z.number().nullable(),
  totalMarketRevenue: z.number().nullable(),
});
export type AdminAnalysis = z.infer<typeof adminAnalysisSchema>;

/** DELETE /api/admin/analyses/bulk. */
export const bulkDeleteAnalysesRequestSchema = z.object({
  analysisIds: z
    .array(z.string({ error: "Analysis ids must be strings" }).min(1).max(100), {
      error: ADMIN_MESSAGES.selectAnalyses,
    })
    .min(1, { error: ADMIN_MESSAGES.selectAnalyses })
    .max(1000, { error: "At most 1000 analyses can be deleted at once" }),
});
export type BulkDeleteAnalysesRequest = z.input<typeof bulkDeleteAnalysesRequestSchema>;

export const bulkDeleteAnalysesResponseSchema = z.object({ deletedCount: z.number().int() });
export type BulkDeleteAnalysesResponse = z.infer<typeof bulkDeleteAnalysesResponseSchema>;

/* ------------------------------------------------------------------ settings */

export const VIDEO_SETTING_LABELS = {
  premiumOfferVideoUrl: "Premium offer video URL",
  keywordEducationVideoUrl: "Keyword education video URL",
  competitionEducationVideoUrl: "Competition education video URL",
  landingPageVideoUrl: "Landing page video URL",
} as const;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * A video URL: an https URL, or empty to clear it. Plain http is refused: the page embedding it
 * is served over https, and its frame would be mixed content (or, over http, readable and
 * alterable on the way).
 */
const videoUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(2000, { error: `${label} must be at most 2000 characters` })
    .refine((v) => v === "" || isHttpsUrl(v), {
      error: `${label} must be an https:// URL, or empty`,
    });

/**
 * The video URLs of a settings change that point at BIS itself (one of `ownOrigins`, the
 * server's `BIS_BASE_URL` and the other origins it serves the app on), as field issues. A video
 * is embedded in a frame sandboxed with `allow-scripts allow-same-origin`; a page of BIS's own
 * origin in it could lift that sandbox and act as the signed-in viewer, so only other sites'
 * players are allowed. The server checks this (the schema does not know the origin).
 */
export function ownOriginVideoIssues(
  patch: SettingsPatch,
  ownOrigins: readonly string[],
): { path: string; message: string }[] {
  const own = new Set(ownOrigins.map((o) => new URL(o).origin));
  const issues: { path: string; message: string }[] = [];
  for (const key of Object.keys(VIDEO_SETTING_LABELS) as (keyof typeof VIDEO_SETTING_LABELS)[]) {
    const value = patch[key]?.trim();
    if (!value) continue;
    let origin: string;
    try {
      origin = new URL(value).origin;
    } catch {
      continue;
    }
    if (own.has(origin))
      issues.push({
        path: key,
        message: `${VIDEO_SETTING_LABELS[key]} must be on another site than BIS itself (${origin}): use the video's address at YouTube, Vimeo or another video host`,
      });
  }
  return issues;
}

/** PATCH /api/admin/settings: any of the four video URLs; unknown fields are refused. */
export const settingsPatchSchema = z.strictObject(
  {
    premiumOfferVideoUrl: videoUrl(VIDEO_SETTING_LABELS.premiumOfferVideoUrl).optional(),
    keywordEducationVideoUrl: videoUrl(VIDEO_SETTING_LABELS.keywordEducationVideoUrl).optional(),
    competitionEducationVideoUrl: videoUrl(
      VIDEO_SETTING_LABELS.competitionEducationVideoUrl,
    ).optional(),
    landingPageVideoUrl: videoUrl(VIDEO_SETTING_LABELS.landingPageVideoUrl).optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown setting: ${issue.keys.join(", ")}`
        : "The settings must be an object",
  },
);
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

/* ------------------------------------------------------------------ API keys */

/** Keys of the outside services an administrator can save and test. */
export const API_KEY_LABELS = {
  googleMaps: "Google Maps (map tiles)",
  census: "U.S. Census Data API",
  googlePlaces: "Google Places",
  yelp: "Yelp Fusion",
  googleAdsDeveloperToken: "Google Ads developer token",
  googleAdsCustomerId: "Google Ads customer id",
  googleAdsAccessToken: "Google Ads access token",
  dataforseoLogin: "DataForSEO login",
  dataforseoPassword: "DataForSEO password",
} as const;
export type ApiKeyName = keyof typeof API_KEY_LABELS;
export const apiKeyNameSchema = z.enum(
  Object.keys(API_KEY_LABELS) as [ApiKeyName, ...ApiKeyName[]],
);

export const apiKeyStatusSchema = z.object({
  name: apiKeyNameSchema,
  label: z.string(),
  /** The environment variable that overrides a stored value. */
  envVar: z.string(),
  configured: z.boolean(),
  /** Where the value in use comes from; the environment wins over a stored value. */
  source: z.enum(["environment", "stored"]).nullable(),
  /** The last four characters of the value in use, never more. */
  last4: z.string().nullable(),
  /** Whether the server can test this key on its own (with a real request to the provider). */
  testable: z.boolean(),
  updatedAt: isoDate.nullable(),
  lastTestedAt: isoDate.nullable(),
  lastTestOk: z.boolean().nullable(),
  lastTestMessage: z.string().nullable(),
});
export type ApiKeyStatus = z.infer<typeof apiKeyStatusSchema>;

const keyValue = z
  .string({ error: ADMIN_MESSAGES.apiKeyRequired })
  .trim()
  .min(1, { error: ADMIN_MESSAGES.apiKeyRequired })
  .max(4096, { error: "The key must be at most 4096 characters" });

/** PUT /api/admin/api-keys/{name}. */
export const saveApiKeyRequestSchema = z.object({ value: keyValue });
export type SaveApiKeyRequest = z.input<typeof saveApiKeyRequestSchema>;

/** POST /api/admin/api-keys/{name}/test: a value to try, or none to test the one in use. */
export const testApiKeyRequestSchema = z.object({ value: keyValue.optional() });
export type TestApiKeyRequest = z.input<typeof testApiKeyRequestSchema>;

export const apiKeyTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  testedAt: isoDate,
});
export type ApiKeyTestResult = z.infer<typeof apiKeyTestResultSchema>;

/** POST /api/admin/save-api-key (the spec's shape for the maps key). */
export const saveMapsKeyRequestSchema = z.object({ googleMapsApiKey: keyValue });
export type SaveMapsKeyRequest = z.input<typeof saveMapsKeyRequestSchema>;

/** GET /api/config/google-maps-key (signed-in users; 404 when no key is configured). */
export const mapsKeyResponseSchema = z.object({ apiKey: z.string() });
export type MapsKeyResponse = z.infer<typeof mapsKeyResponseSchema>;

/* ------------------------------------------------------------------ system */

/**
 * A server process on the database (several instances may share one). Each writes its row at start and refreshes
 * `lastSeenAt` every 10 s; one seen within the last 30 s is alive.
 */
export const serverInstanceSchema = z.object({
  /** 16 hex digits, random at each start; the first 8 are its short form. */
  id: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  version: z.string(),
  startedAt: isoDate,
  lastSeenAt: isoDate,
});
export type ServerInstance = z.infer<typeof serverInstanceSchema>;

export const systemStatusSchema = z.object({
  status: z.enum(["healthy", "degraded"]),
  version: z.string(),
  nodeVersion: z.string(),
  environment: z.string(),
  startedAt: isoDate,
  uptimeSeconds: z.number(),
  database: z.object({
    ok: z.boolean(),
    /** Main file plus write-ahead log, in bytes. */
    sizeBytes: z.number(),
    migrations: z.object({
      applied: z.number().int(),
      available: z.number().int(),
      pending: z.number().int(),
    }),
  }),
  providers: z.array(
    z.object({
      name: apiKeyNameSchema,
      label: z.string(),
      configured: z.boolean(),
      source: z.enum(["environment", "stored"]).nullable(),
      lastTestedAt: isoDate.nullable(),
      lastTestOk: z.boolean().nullable(),
    }),
  ),
  email: z.object({ mode: z.enum(["smtp", "outbox"]) }),
  payments: z.object({ mode: z.enum(["stripe", "demo"]) }),
  places: z.object({ provider: z.string() }),
  keywords: z.object({ provider: z.string() }),
  /** The instance that answered this request. */
  instanceId: z.string(),
  /** The instances alive now (seen within 30 s), oldest start first. */
  instances: z.array(serverInstanceSchema),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/* ------------------------------------------------------------------ logs */

export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"] as const;
export const logLevelSchema = z.enum(LOG_LEVELS, {
  error: `level must be one of ${LOG_LEVELS.join(", ")}`,
});
export type LogLevel = z.infer<typeof logLevelSchema>;

/**
 * GET /api/admin/logs?level=warn&limit=50&cursor=…: entries at that level and above, newest
 * first, one page at a time (the answer carries `nextCursor`, `total` and `limit` as every
 * paginated list does; without `limit`, the newest 500). Entries of every instance, from the
 * database; the cursor is the last entry's (time, id), so entries written meanwhile never shift
 * the next page.
 */
export const logsQuerySchema = z.object({
  level: logLevelSchema.optional(),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int({ error: "limit must be a whole number" })
    .min(1, { error: "limit must be between 1 and 500" })
    .max(500, { error: "limit must be between 1 and 500" })
    .optional(),
  cursor: z
    .string({ error: PAGINATION_MESSAGES.cursor })
    .max(200, { error: PAGINATION_MESSAGES.cursor })
    .optional(),
});
export type LogsQuery = z.input<typeof logsQuerySchema>;

export const logEntrySchema = z.object({
  /** Unique; entries are ordered newest first by `time`, then `id`. */
  id: z.string(),
  /** The instance that wrote it (see serverInstanceSchema). */
  instanceId: z.string(),
  level: logLevelSchema,
  time: isoDate,
  message: z.string(),
  requestId: z.string().nullable(),
  /** Other fields of the entry (method, url, status, module…); never headers or bodies. */
  context: z.record(z.string(), z.unknown()),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/* ------------------------------------------------------------------ audit */

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** e.g. user.admin.grant, user.admin.revoke, user.delete, analyses.delete, settings.update, api-key.save, api-key.delete, api-key.test */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  detail: z.unknown(),
  createdAt: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
