/**
 * Partners of the embeddable widget: administrators create, change and revoke them; the widget
 * calls are authorized by a partner's public key plus an `Origin` on its allowlist; analyses
 * are counted per UTC day against the daily quota; leads are listed with their webhook status.
 *
 * Webhook secrets are kept encrypted at rest (sealed with the server secret) and shown once.
 */
import { randomBytes, randomUUID } from "node:crypto";
import {
  DEFAULT_PARTNER_DAILY_QUOTA,
  type Lead,
  type LeadsQuery,
  type Partner,
  type PartnerCreated,
  type PartnerUpdated,
  type partnerCreateSchema,
  type partnerUpdateSchema,
  type User,
  type WebhookStatus,
  WIDGET_MESSAGES,
} from "@bis/sdk";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/database.js";
import { type Tables, tablesOf } from "../../db/database.js";
import { dialectOf } from "../../db/dialect.js";
import { AppError } from "../../lib/errors.js";
import { FIRST_PAGE, type PageRequest, readPage } from "../../lib/pagination.js";
import { deriveEncryptionKey, openValue, sealValue } from "../api-keys.js";
import type { AuditService } from "../audit.js";
import type { WebhookUrlPolicy } from "./webhook-url.js";

export type PartnerRow = Tables["partner"]["$inferSelect"];
type Actor = Pick<User, "id" | "email">;

const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `length` random characters of [A-Za-z0-9], without modulo bias. */
function randomToken(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export const newPublicKey = () => `pk_${randomToken(24)}`;
export const newWebhookSecret = () => `whsec_${randomToken(32)}`;

/** The UTC day of a date, "YYYY-MM-DD". */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

const sealName = (partnerId: string) => `partner-webhook:${partnerId}`;

export function createPartnerService(options: {
  db: Db;
  secret: string;
  audit: AuditService;
  /** Refuses webhook URLs naming internal addresses (unless the operator allows them). */
  webhookUrls?: WebhookUrlPolicy;
  now?: () => Date;
}) {
  const { db, audit } = options;
  const { lead, partner, partnerUsage } = tablesOf(db);
  const { jsonArrayIncludes, newestFirst } = dialectOf(db);
  const now = options.now ?? (() => new Date());
  const encryptionKey = deriveEncryptionKey(options.secret);

  const seal = (partnerId: string, secret: string) =>
    JSON.stringify(sealValue(encryptionKey, sealName(partnerId), secret));

  async function find(id: string): Promise<PartnerRow> {
    const [row] = await db.select().from(partner).where(eq(partner.id, id));
    if (!row) throw new AppError("PARTNER_NOT_FOUND");
    return row;
  }

  async function toDto(row: PartnerRow): Promise<Partner> {
    const today = utcDay(now());
    const [usage] = await db
      .select({ count: partnerUsage.count })
      .from(partnerUsage)
      .where(and(eq(partnerUsage.partnerId, row.id), eq(partnerUsage.day, today)));
    const [counts] = await db
      .select({
        leads: count(),
        failed:
          sql<number>`coalesce(sum(case when ${lead.webhookStatus} = 'failed' then 1 else 0 end), 0)`.mapWith(
            Number,
          ),
      })
      .from(lead)
      .where(eq(lead.partnerId, row.id));
    return {
      id: row.id,
      name: row.name,
      publicKey: row.publicKey,
      allowedOrigins: row.allowedOrigins,
      webhookUrl: row.webhookUrl,
      hasWebhookSecret: row.webhookSecret !== null,
      dailyQuota: row.dailyQuota,
      active: row.active,
      createdAt: row.createdAt.toISOString(),
      usageToday: usage?.count ?? 0,
      leads: Number(counts?.leads ?? 0),
      failedDeliveries: Number(counts?.failed ?? 0),
    };
  }

  /** Leads with their partner's name, newest first. */
  async function leadRows(where: SQL | undefined, limit: number, offset: number): Promise<Lead[]> {
    const rows = await db
      .select({ lead, partnerName: partner.name })
      .from(lead)
      .innerJoin(partner, eq(lead.partnerId, partner.id))
      .where(where)
      .orderBy(...newestFirst(lead.createdAt, lead))
      .limit(limit)
      .offset(offset);
    return rows.map(({ lead: l, partnerName }) => ({
      id: l.id,
      partnerId: l.partnerId,
      partnerName,
      analysisId: l.analysisId,
      name: l.name,
      email: l.email,
      consent: l.consent,
      webhookStatus: l.webhookStatus as WebhookStatus,
      webhookAttempts: l.webhookAttempts,
      webhookLastError: l.webhookLastError,
      deliveredAt: l.deliveredAt ? l.deliveredAt.toISOString() : null,
      createdAt: l.createdAt.toISOString(),
    }));
  }

  return {
    /* ------------------------------------------------------------ administrators */

    /** One page, newest first. */
    list(page: PageRequest = FIRST_PAGE) {
      return readPage(
        page,
        async (limit, offset): Promise<Partner[]> => {
          const rows = await db
            .select()
            .from(partner)
            .orderBy(...newestFirst(partner.createdAt, partner))
            .limit(limit)
            .offset(offset);
          return Promise.all(rows.map(toDto));
        },
        () => db.$count(partner),
      );
    },

    async create(
      actor: Actor,
      input: z.output<typeof partnerCreateSchema>,
    ): Promise<PartnerCreated> {
      if (input.webhookUrl) await options.webhookUrls?.assertAllowed(input.webhookUrl);
      const id = randomUUID();
      const webhookSecret = newWebhookSecret();
      await db.transaction(async (tx) => {
        await tx.insert(partner).values({
          id,
          name: input.name,
          publicKey: newPublicKey(),
          allowedOrigins: input.allowedOrigins,
          webhookUrl: input.webhookUrl ?? null,
          webhookSecret: seal(id, webhookSecret),
          dailyQuota: input.dailyQuota ?? DEFAULT_PARTNER_DAILY_QUOTA,
          active: true,
          createdAt: now(),
        });
        await audit.record(
          actor,
          {
            action: "partner.create",
            targetType: "partner",
            targetId: id,
            detail: {
              name: input.name,
              allowedOrigins: input.allowedOrigins,
              webhookUrl: input.webhookUrl ?? null,
              dailyQuota: input.dailyQuota ?? DEFAULT_PARTNER_DAILY_QUOTA,
            },
          },
          tx,
        );
      });
      return { partner: await toDto(await find(id)), webhookSecret };
    },

    async update(
      actor: Actor,
      id: string,
      patch: z.output<typeof partnerUpdateSchema>,
    ): Promise<PartnerUpdated> {
      await find(id);
      if (patch.webhookUrl) await options.webhookUrls?.assertAllowed(patch.webhookUrl);
      const row = await find(id);
      const { rotateWebhookSecret, ...fields } = patch;
      const changes: Partial<Tables["partner"]["$inferInsert"]> = { ...fields };
      const webhookSecret = rotateWebhookSecret ? newWebhookSecret() : undefined;
      if (webhookSecret) changes.webhookSecret = seal(row.id, webhookSecret);
      await db.transaction(async (tx) => {
        if (Object.keys(changes).length > 0)
          await tx.update(partner).set(changes).where(eq(partner.id, row.id));
        await audit.record(
          actor,
          {
            action: "partner.update",
            targetType: "partner",
            targetId: row.id,
            // Never the secret: only that it was rotated.
            detail: { ...fields, ...(rotateWebhookSecret ? { rotateWebhookSecret: true } : {}) },
          },
          tx,
        );
      });
      return {
        partner: await toDto(await find(row.id)),
        ...(webhookSecret ? { webhookSecret } : {}),
      };
    },

    /** active = false: the partner's widget is refused at once (403). */
    async revoke(actor: Actor, id: string): Promise<Partner> {
      const row = await find(id);
      await db.transaction(async (tx) => {
        await tx.update(partner).set({ active: false }).where(eq(partner.id, row.id));
        await audit.record(
          actor,
          {
            action: "partner.revoke",
            targetType: "partner",
            targetId: row.id,
            detail: { name: row.name, wasActive: row.active },
          },
          tx,
        );
      });
      return toDto(await find(row.id));
    },

    /** Newest first, up to 500. */
    leads(query: LeadsQuery = {}, page: PageRequest = FIRST_PAGE) {
      const conditions = [
        query.partnerId ? eq(lead.partnerId, query.partnerId) : undefined,
        query.status ? eq(lead.webhookStatus, query.status) : undefined,
      ].filter((c) => c !== undefined);
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      return readPage(
        page,
        (limit, offset) => leadRows(where, limit, offset),
        () => db.$count(lead, where),
      );
    },

    /* ------------------------------------------------------------ the widget */

    /**
     * The active partner of this public key, when the calling page's origin is on its list;
     * 403 otherwise, with a message saying which part is wrong.
     */
    async authorize(
      publicKey: string | undefined,
      origin: string | undefined,
    ): Promise<PartnerRow> {
      if (!origin) throw new AppError("PARTNER_ORIGIN_REQUIRED", WIDGET_MESSAGES.missingOrigin);
      if (!publicKey) throw new AppError("PARTNER_KEY_REQUIRED", WIDGET_MESSAGES.missingKey);
      const [row] = await db.select().from(partner).where(eq(partner.publicKey, publicKey));
      if (!row?.active) throw new AppError("PARTNER_KEY_UNKNOWN", WIDGET_MESSAGES.unknownKey);
      if (!row.allowedOrigins.includes(origin))
        throw new AppError("PARTNER_ORIGIN_NOT_ALLOWED", WIDGET_MESSAGES.originNotAllowed);
      return row;
    },

    /** Whether some active partner allows this origin (the CORS preflight has no key). */
    async isAllowedOrigin(origin: string): Promise<boolean> {
      const [found] = await db
        .select({ id: partner.id })
        .from(partner)
        .where(and(eq(partner.active, true), jsonArrayIncludes(partner.allowedOrigins, origin)))
        .limit(1);
      return found !== undefined;
    },

    /**
     * Takes one analysis from today's quota; false when it is used up. Atomic: concurrent
     * calls cannot overshoot the quota.
     */
    async reserveAnalysis(row: PartnerRow): Promise<boolean> {
      const [taken] = await db
        .insert(partnerUsage)
        .values({ partnerId: row.id, day: utcDay(now()), count: 1 })
        .onConflictDoUpdate({
          target: [partnerUsage.partnerId, partnerUsage.day],
          set: { count: sql`${partnerUsage.count} + 1` },
          setWhere: sql`${partnerUsage.count} < ${row.dailyQuota}`,
        })
        .returning({ count: partnerUsage.count });
      return taken !== undefined && taken.count <= row.dailyQuota;
    },

    /** Gives back a reserved analysis that failed (unknown city, provider down). */
    async releaseAnalysis(row: PartnerRow): Promise<void> {
      await db
        .update(partnerUsage)
        .set({
          count: sql`case when ${partnerUsage.count} > 0 then ${partnerUsage.count} - 1 else 0 end`,
        })
        .where(and(eq(partnerUsage.partnerId, row.id), eq(partnerUsage.day, utcDay(now()))));
    },

    /** The partner's webhook secret in clear; null without one or when it cannot be opened. */
    webhookSecretOf(row: PartnerRow): string | null {
      if (!row.webhookSecret) return null;
      try {
        return openValue(encryptionKey, sealName(row.id), JSON.parse(row.webhookSecret));
      } catch {
        return null;
      }
    },
  };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
