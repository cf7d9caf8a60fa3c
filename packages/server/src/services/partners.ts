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
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/database.js";
import { lead, partner, partnerUsage } from "../db/schema.js";
import { deriveEncryptionKey, openValue, sealValue } from "../keys/api-key-service.js";
import { AppError } from "../lib/errors.js";
import { FIRST_PAGE, type PageRequest, readPage } from "../lib/pagination.js";
import type { AuditService } from "./audit.js";
import type { WebhookUrlPolicy } from "./webhook-url.js";

export type PartnerRow = typeof partner.$inferSelect;
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
  const now = options.now ?? (() => new Date());
  const encryptionKey = deriveEncryptionKey(options.secret);

  const seal = (partnerId: string, secret: string) =>
    JSON.stringify(sealValue(encryptionKey, sealName(partnerId), secret));

  function find(id: string): PartnerRow {
    const row = db.select().from(partner).where(eq(partner.id, id)).get();
    if (!row) throw new AppError("NOT_FOUND", "Partner not found");
    return row;
  }

  function toDto(row: PartnerRow): Partner {
    const today = utcDay(now());
    const usage = db
      .select({ count: partnerUsage.count })
      .from(partnerUsage)
      .where(and(eq(partnerUsage.partnerId, row.id), eq(partnerUsage.day, today)))
      .get();
    const counts = db
      .select({
        leads: sql<number>`count(*)`,
        failed: sql<number>`coalesce(sum(case when ${lead.webhookStatus} = 'failed' then 1 else 0 end), 0)`,
      })
      .from(lead)
      .where(eq(lead.partnerId, row.id))
      .get();
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
  function leadRows(where: SQL | undefined, limit: number, offset: number): Lead[] {
    return db
      .select({ lead, partnerName: partner.name })
      .from(lead)
      .innerJoin(partner, eq(lead.partnerId, partner.id))
      .where(where)
      .orderBy(desc(lead.createdAt), desc(sql`${lead}.rowid`))
      .limit(limit)
      .offset(offset)
      .all()
      .map(({ lead: l, partnerName }) => ({
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
        (limit, offset): Partner[] =>
          db
            .select()
            .from(partner)
            .orderBy(desc(partner.createdAt), desc(sql`rowid`))
            .limit(limit)
            .offset(offset)
            .all()
            .map(toDto),
        () => db.select({ n: count() }).from(partner).get()?.n ?? 0,
      );
    },

    async create(
      actor: Actor,
      input: z.output<typeof partnerCreateSchema>,
    ): Promise<PartnerCreated> {
      if (input.webhookUrl) await options.webhookUrls?.assertAllowed(input.webhookUrl);
      const id = randomUUID();
      const webhookSecret = newWebhookSecret();
      db.transaction((tx) => {
        tx.insert(partner)
          .values({
            id,
            name: input.name,
            publicKey: newPublicKey(),
            allowedOrigins: input.allowedOrigins,
            webhookUrl: input.webhookUrl ?? null,
            webhookSecret: seal(id, webhookSecret),
            dailyQuota: input.dailyQuota ?? DEFAULT_PARTNER_DAILY_QUOTA,
            active: true,
            createdAt: now(),
          })
          .run();
        audit.record(
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
      return { partner: toDto(find(id)), webhookSecret };
    },

    async update(
      actor: Actor,
      id: string,
      patch: z.output<typeof partnerUpdateSchema>,
    ): Promise<PartnerUpdated> {
      find(id);
      if (patch.webhookUrl) await options.webhookUrls?.assertAllowed(patch.webhookUrl);
      const row = find(id);
      const { rotateWebhookSecret, ...fields } = patch;
      const changes: Partial<typeof partner.$inferInsert> = { ...fields };
      const webhookSecret = rotateWebhookSecret ? newWebhookSecret() : undefined;
      if (webhookSecret) changes.webhookSecret = seal(row.id, webhookSecret);
      db.transaction((tx) => {
        if (Object.keys(changes).length > 0)
          tx.update(partner).set(changes).where(eq(partner.id, row.id)).run();
        audit.record(
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
        partner: toDto(find(row.id)),
        ...(webhookSecret ? { webhookSecret } : {}),
      };
    },

    /** active = false: the partner's widget is refused at once (403). */
    revoke(actor: Actor, id: string): Partner {
      const row = find(id);
      db.transaction((tx) => {
        tx.update(partner).set({ active: false }).where(eq(partner.id, row.id)).run();
        audit.record(
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
      return toDto(find(row.id));
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
        () => db.select({ n: count() }).from(lead).where(where).get()?.n ?? 0,
      );
    },

    /* ------------------------------------------------------------ the widget */

    /**
     * The active partner of this public key, when the calling page's origin is on its list;
     * 403 otherwise, with a message saying which part is wrong.
     */
    authorize(publicKey: string | undefined, origin: string | undefined): PartnerRow {
      if (!origin) throw new AppError("FORBIDDEN", WIDGET_MESSAGES.missingOrigin);
      if (!publicKey) throw new AppError("FORBIDDEN", WIDGET_MESSAGES.missingKey);
      const row = db.select().from(partner).where(eq(partner.publicKey, publicKey)).get();
      if (!row?.active) throw new AppError("FORBIDDEN", WIDGET_MESSAGES.unknownKey);
      if (!row.allowedOrigins.includes(origin))
        throw new AppError("FORBIDDEN", WIDGET_MESSAGES.originNotAllowed);
      return row;
    },

    /** Whether some active partner allows this origin (the CORS preflight has no key). */
    isAllowedOrigin(origin: string): boolean {
      const found = db
        .select({ id: partner.id })
        .from(partner)
        .where(
          and(
            eq(partner.active, true),
            sql`exists (select 1 from json_each(${partner.allowedOrigins}) where value = ${origin})`,
          ),
        )
        .limit(1)
        .get();
      return found !== undefined;
    },

    /**
     * Takes one analysis from today's quota; false when it is used up. Atomic: concurrent
     * calls cannot overshoot the quota.
     */
    reserveAnalysis(row: PartnerRow): boolean {
      const taken = db
        .insert(partnerUsage)
        .values({ partnerId: row.id, day: utcDay(now()), count: 1 })
        .onConflictDoUpdate({
          target: [partnerUsage.partnerId, partnerUsage.day],
          set: { count: sql`${partnerUsage.count} + 1` },
          setWhere: sql`${partnerUsage.count} < ${row.dailyQuota}`,
        })
        .returning({ count: partnerUsage.count })
        .get();
      return taken !== undefined && taken.count <= row.dailyQuota;
    },

    /** Gives back a reserved analysis that failed (unknown city, provider down). */
    releaseAnalysis(row: PartnerRow): void {
      db.update(partnerUsage)
        .set({ count: sql`max(${partnerUsage.count} - 1, 0)` })
        .where(and(eq(partnerUsage.partnerId, row.id), eq(partnerUsage.day, utcDay(now()))))
        .run();
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
