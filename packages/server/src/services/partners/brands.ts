/**
 * Reports under a partner's brand: administrators give a partner a brand (display
 * name, logo, primary colour, contact line) and assign users to it; a user who registered
 * through the partner's widget (`ref`) asks to join it, and an administrator confirms or
 * declines (the public widget key alone must not hand out a partner's brand). A user's
 * reports carry the brand while their membership is confirmed and the partner is active.
 *
 * Widget sign-ups are never confirmed automatically, not even from a partner's allowed origins:
 * the widget links to BIS's own /register page, so the registration request always comes from
 * BIS's origin and nothing in it proves which site the user came from.
 *
 * Async drizzle calls only, nothing engine-specific: the same code runs on SQLite and PostgreSQL.
 * Each change and its audit entry commit together.
 */
import { createHash } from "node:crypto";
import {
  BRAND_MESSAGES,
  brandContrastMessage,
  endpoints,
  legibleTextColor,
  type PartnerBrand,
  type PartnerBrandSaved,
  type PartnerMember,
  type PartnerMemberSource,
  type PartnerMemberStatus,
  type partnerBrandInputSchema,
  type User,
  urlOf,
} from "@bis/sdk";
import { and, asc, desc, eq, gte, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/database.js";
import { type Tables, tablesOf } from "../../db/database.js";
import { AppError } from "../../lib/errors.js";
import { FIRST_PAGE, type PageRequest, readPage } from "../../lib/pagination.js";
import type { ReportBrand } from "../../report/brand.js";
import { checkLogo } from "../../report/brand-logo.js";
import { ownedOrAdmin } from "../access.js";
import type { AuditService } from "../audit.js";

type BrandRow = Tables["partnerBrand"]["$inferSelect"];
type MemberRow = Tables["partnerMember"]["$inferSelect"];

const PENDING_NOT_FOUND = "That user is not a member of this partner and has not asked to be";

function toMember(row: MemberRow, email: string): PartnerMember {
  return {
    userId: row.userId,
    email,
    partnerId: row.partnerId,
    source: row.source as PartnerMemberSource,
    status: row.status as PartnerMemberStatus,
    assignedAt: row.assignedAt.toISOString(),
  };
}
type Actor = Pick<User, "id" | "email">;
type Viewer = Pick<User, "id" | "isAdmin">;

/** The logo's path on this server; `v` changes with the logo, so it may be cached long. */
export const logoPath = (partnerId: string, hash: string) =>
  urlOf(endpoints.account.brandLogo, { partnerId }, { v: hash.slice(0, 16) });

function toDto(row: BrandRow): PartnerBrand {
  return {
    partnerId: row.partnerId,
    displayName: row.displayName,
    primaryColor: row.primaryColor,
    textColor: row.textColor,
    contrast: Math.floor(legibleTextColor(row.primaryColor).ratio * 100) / 100,
    contactLine: row.contactLine,
    logoUrl: row.logoPng && row.logoHash ? logoPath(row.partnerId, row.logoHash) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The uploaded logo's bytes; a 400 when the base64 is not base64. */
function decodeLogo(dataBase64: string): Buffer {
  const clean = dataBase64.replace(/^data:[^,]*,/, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean))
    throw new AppError("VALIDATION_FAILED", BRAND_MESSAGES.logoType);
  return Buffer.from(clean, "base64");
}

export function createPartnerBrandService(options: {
  db: Db;
  audit: AuditService;
  now?: () => Date;
}) {
  const { db, audit } = options;
  const { analysis, partner, partnerBrand, partnerMember, user } = tablesOf(db);
  const now = options.now ?? (() => new Date());

  async function findPartner(id: string) {
    const [row] = await db
      .select({ id: partner.id, name: partner.name, active: partner.active })
      .from(partner)
      .where(eq(partner.id, id))
      .limit(1);
    if (!row) throw new AppError("PARTNER_NOT_FOUND");
    return row;
  }

  async function findBrand(partnerId: string): Promise<BrandRow | undefined> {
    const [row] = await db
      .select()
      .from(partnerBrand)
      .where(eq(partnerBrand.partnerId, partnerId))
      .limit(1);
    return row;
  }

  /** The brand a user reports under: their partner's, while that partner is active. */
  async function brandRowOfUser(userId: string): Promise<BrandRow | undefined> {
    const [row] = await db
      .select({ brand: partnerBrand })
      .from(partnerMember)
      .innerJoin(partner, eq(partner.id, partnerMember.partnerId))
      .innerJoin(partnerBrand, eq(partnerBrand.partnerId, partnerMember.partnerId))
      .where(
        and(
          eq(partnerMember.userId, userId),
          eq(partnerMember.status, "confirmed"),
          eq(partner.active, true),
        ),
      )
      .limit(1);
    return row?.brand;
  }

  return {
    /* ------------------------------------------------------------ administrators: the brand */

    async get(partnerId: string): Promise<PartnerBrand> {
      await findPartner(partnerId);
      const row = await findBrand(partnerId);
      if (!row) throw new AppError("BRAND_NOT_FOUND", BRAND_MESSAGES.brandNotFound);
      return toDto(row);
    },

    /**
     * Sets the brand. The colour must keep text legible (white or dark text at 4.5:1 or more);
     * the answer says which text colour BIS picked. `logo` undefined keeps the stored one.
     */
    async save(
      actor: Actor,
      partnerId: string,
      input: z.output<typeof partnerBrandInputSchema>,
    ): Promise<PartnerBrandSaved> {
      await findPartner(partnerId);
      const choice = legibleTextColor(input.primaryColor);
      if (!choice.legible)
        throw new AppError("VALIDATION_FAILED", brandContrastMessage(input.primaryColor), {
          issues: [{ path: "primaryColor", message: brandContrastMessage(input.primaryColor) }],
        });
      const logo = input.logo ? await checkLogo(decodeLogo(input.logo.dataBase64)) : input.logo;
      const fields = {
        displayName: input.displayName,
        primaryColor: input.primaryColor,
        textColor: choice.textColor,
        contactLine: input.contactLine || null,
        updatedBy: actor.id,
        updatedAt: now(),
        ...(logo === undefined
          ? {}
          : logo === null
            ? { logoPng: null, logoSourceType: null, logoHash: null }
            : {
                logoPng: logo.png.toString("base64"),
                logoSourceType: logo.sourceType,
                logoHash: createHash("sha256").update(logo.png).digest("hex"),
              }),
      };
      // The logo is checked (and an SVG rasterised) above, outside the transaction.
      const row = await db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(partnerBrand)
          .values({ partnerId, ...fields })
          .onConflictDoUpdate({ target: partnerBrand.partnerId, set: fields })
          .returning();
        if (!saved) throw new AppError("INTERNAL", "The brand was not saved");
        await audit.record(
          actor,
          {
            action: "partner.brand.update",
            targetType: "partner",
            targetId: partnerId,
            detail: {
              displayName: saved.displayName,
              primaryColor: saved.primaryColor,
              textColor: saved.textColor,
              contactLine: saved.contactLine,
              logo:
                logo === undefined
                  ? "kept"
                  : logo === null
                    ? "removed"
                    : { type: logo.sourceType, width: logo.width, height: logo.height },
            },
          },
          tx,
        );
        return saved;
      });
      return { brand: toDto(row), contrastNote: brandContrastMessage(row.primaryColor) };
    },

    async remove(actor: Actor, partnerId: string): Promise<void> {
      await findPartner(partnerId);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(partnerBrand)
          .where(eq(partnerBrand.partnerId, partnerId))
          .returning({ partnerId: partnerBrand.partnerId });
        if (removed.length === 0)
          throw new AppError("BRAND_NOT_FOUND", BRAND_MESSAGES.brandNotFound);
        await audit.record(
          actor,
          { action: "partner.brand.remove", targetType: "partner", targetId: partnerId },
          tx,
        );
      });
    },

    /* ------------------------------------------------------------ administrators: the users */

    /**
     * A page of the partner's members and pending requests: pending first, then by email;
     * `status` narrows it to one.
     */
    async members(partnerId: string, page: PageRequest = FIRST_PAGE, status?: PartnerMemberStatus) {
      await findPartner(partnerId);
      const where: SQL | undefined = and(
        eq(partnerMember.partnerId, partnerId),
        status ? eq(partnerMember.status, status) : undefined,
      );
      return readPage(
        page,
        async (limit, offset) => {
          const rows = await db
            .select({ member: partnerMember, email: user.email })
            .from(partnerMember)
            .innerJoin(user, eq(user.id, partnerMember.userId))
            .where(where)
            .orderBy(desc(partnerMember.status), asc(user.email), asc(partnerMember.userId))
            .limit(limit)
            .offset(offset);
          return rows.map(({ member, email }) => toMember(member, email));
        },
        () => db.$count(partnerMember, where),
      );
    },

    /**
     * Confirms a widget sign-up's request to join the partner: from now on the user's reports
     * carry its brand. Confirming a confirmed member changes nothing.
     */
    async confirm(actor: Actor, partnerId: string, userId: string): Promise<PartnerMember> {
      await findPartner(partnerId);
      const [found] = await db
        .select({ member: partnerMember, email: user.email })
        .from(partnerMember)
        .innerJoin(user, eq(user.id, partnerMember.userId))
        .where(and(eq(partnerMember.userId, userId), eq(partnerMember.partnerId, partnerId)))
        .limit(1);
      if (!found) throw new AppError("PARTNER_MEMBER_NOT_FOUND", PENDING_NOT_FOUND);
      if (found.member.status === "confirmed") return toMember(found.member, found.email);
      const confirmed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(partnerMember)
          .set({ status: "confirmed", assignedBy: actor.id, assignedAt: now() })
          .where(and(eq(partnerMember.userId, userId), eq(partnerMember.partnerId, partnerId)))
          .returning();
        if (!row) throw new AppError("PARTNER_MEMBER_NOT_FOUND", PENDING_NOT_FOUND);
        await audit.record(
          actor,
          {
            action: "partner.member.confirm",
            targetType: "user",
            targetId: userId,
            detail: { email: found.email, partnerId },
          },
          tx,
        );
        return row;
      });
      return toMember(confirmed, found.email);
    },

    /** Assigns a registered user to the partner (moving them from any other partner). */
    async assign(actor: Actor, partnerId: string, email: string): Promise<PartnerMember> {
      await findPartner(partnerId);
      const [found] = await db
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(eq(user.email, email))
        .limit(1);
      if (!found) throw new AppError("USER_NOT_FOUND", BRAND_MESSAGES.userNotFound);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ partnerId: partnerMember.partnerId })
          .from(partnerMember)
          .where(eq(partnerMember.userId, found.id))
          .limit(1);
        const values = {
          userId: found.id,
          partnerId,
          source: "admin",
          status: "confirmed",
          assignedBy: actor.id,
          assignedAt: now(),
        };
        const [linked] = await tx
          .insert(partnerMember)
          .values(values)
          .onConflictDoUpdate({ target: partnerMember.userId, set: values })
          .returning();
        if (!linked) throw new AppError("INTERNAL", "The user was not assigned");
        await audit.record(
          actor,
          {
            action: "partner.member.assign",
            targetType: "user",
            targetId: found.id,
            detail: { email: found.email, partnerId, previousPartnerId: before?.partnerId ?? null },
          },
          tx,
        );
        return linked;
      });
      return toMember(row, found.email);
    },

    /** Takes a member off the partner, or declines a pending request (the row goes either way). */
    async unassign(actor: Actor, partnerId: string, userId: string): Promise<void> {
      await findPartner(partnerId);
      await db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(partnerMember)
          .where(and(eq(partnerMember.userId, userId), eq(partnerMember.partnerId, partnerId)))
          .returning({ status: partnerMember.status });
        if (!removed) throw new AppError("PARTNER_MEMBER_NOT_FOUND");
        await audit.record(
          actor,
          {
            action:
              removed.status === "pending" ? "partner.member.decline" : "partner.member.unassign",
            targetType: "user",
            targetId: userId,
            detail: { partnerId },
          },
          tx,
        );
      });
    },

    /* ------------------------------------------------------------ registration */

    /**
     * A user who registered through a partner's widget (`/register?ref=pk_…`) asks to join that
     * partner: a pending request, no brand until an administrator confirms it. Only an account created by this registration (at or after `since`, with no
     * partner yet) is linked, so registering an existing address changes nobody's partner;
     * an unknown or revoked key is ignored.
     */
    async recordWidgetSignup(email: string, ref: string | undefined, since: Date): Promise<void> {
      if (!ref) return;
      const [found] = await db
        .select({ id: partner.id })
        .from(partner)
        .where(and(eq(partner.publicKey, ref), eq(partner.active, true)))
        .limit(1);
      if (!found) return;
      const [created] = await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.email, email.toLowerCase()), gte(user.createdAt, since)))
        .limit(1);
      if (!created) return;
      await db
        .insert(partnerMember)
        .values({
          userId: created.id,
          partnerId: found.id,
          source: "widget",
          status: "pending",
          assignedBy: null,
          assignedAt: now(),
        })
        .onConflictDoNothing();
    },

    /* ------------------------------------------------------------ users and reports */

    /** The signed-in user's brand (GET /api/brand); null for BIS's own. */
    async forUser(userId: string): Promise<PartnerBrand | null> {
      const row = await brandRowOfUser(userId);
      return row ? toDto(row) : null;
    },

    /**
     * The brand an analysis' report carries — its owner's — for its results page
     * (GET /api/analyses/{id}/brand): the owner or an administrator, 404 otherwise; null for
     * BIS's own (and for a widget's analyses, which have no owner).
     */
    async forAnalysis(analysisId: string, viewer: Viewer): Promise<PartnerBrand | null> {
      const [row] = await db
        .select({ userId: analysis.userId })
        .from(analysis)
        .where(eq(analysis.id, analysisId))
        .limit(1);
      const { userId } = ownedOrAdmin(row, viewer, "ANALYSIS_NOT_FOUND");
      const brand = userId ? await brandRowOfUser(userId) : undefined;
      return brand ? toDto(brand) : null;
    },

    /** The brand a user's reports carry; null for BIS's own. */
    async reportBrandOf(userId: string | null): Promise<ReportBrand | null> {
      if (!userId) return null;
      const row = await brandRowOfUser(userId);
      if (!row) return null;
      return {
        displayName: row.displayName,
        primaryColor: row.primaryColor,
        contactLine: row.contactLine,
        logo: row.logoPng ? { bytes: Buffer.from(row.logoPng, "base64"), type: "image/png" } : null,
      };
    },

    /**
     * A partner's logo for a viewer: administrators, and the partner's own users while it is
     * active. Anyone else gets the same 404 as a partner without a logo.
     */
    async logo(partnerId: string, viewer: Viewer): Promise<{ png: Buffer; hash: string }> {
      const row = viewer.isAdmin
        ? await findBrand(partnerId)
        : await brandRowOfUser(viewer.id).then((r) => (r?.partnerId === partnerId ? r : undefined));
      if (!row?.logoPng || !row.logoHash) throw new AppError("LOGO_NOT_FOUND");
      return { png: Buffer.from(row.logoPng, "base64"), hash: row.logoHash };
    },
  };
}

export type PartnerBrandService = ReturnType<typeof createPartnerBrandService>;
