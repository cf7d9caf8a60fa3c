/**
 * Administration (the /admin screen): analytics, users and their admin flag, every
 * analysis, bulk deletion. The routes have already checked that the caller is an administrator;
 * the rules here (not yourself, not the last administrator) hold whoever calls.
 */
import {
  ACTIVE_USER_DAYS,
  ADMIN_MESSAGES,
  type AdminAnalysis,
  type AdminAnalytics,
  type AdminUser,
  type AppSettings,
  type DeleteUserResponse,
  type SettingsPatch,
  type User,
} from "@bis/sdk";
import { count, desc, eq, gte, inArray, sum } from "drizzle-orm";
import type { Db, Tx } from "../db/database.js";
import { type Tables, tablesOf } from "../db/database.js";
import { dialectOf } from "../db/dialect.js";
import { AppError } from "../lib/errors.js";
import { FIRST_PAGE, type PageRequest, readPage } from "../lib/pagination.js";
import { type AccountService, toUserDto } from "./accounts/index.js";
import { summaryColumns, toSummary } from "./analysis-rows.js";
import type { AuditService } from "./audit.js";
import type { SettingsService } from "./settings.js";

const DAY_MS = 24 * 60 * 60 * 1000;
type Actor = Pick<User, "id" | "email">;

function adminCount(tx: Tx): Promise<number> {
  const { user: userTable } = tablesOf(tx);
  return tx.$count(userTable, eq(userTable.isAdmin, true));
}

export function createAdminService(options: {
  db: Db;
  accounts: AccountService;
  audit: AuditService;
  settings: SettingsService;
  now?: () => Date;
}) {
  const { db, accounts, audit, settings } = options;
  const {
    account,
    analysis,
    appSetting,
    payment,
    session,
    user: userTable,
    verification,
  } = tablesOf(db);
  const { newestFirst } = dialectOf(db);
  const now = options.now ?? (() => new Date());

  function toAdminUser(row: Tables["user"]["$inferSelect"], analysisCount: number): AdminUser {
    return { ...toUserDto(row), emailVerified: row.emailVerified, analysisCount };
  }

  function analysesOf(userId: string): Promise<number> {
    return db.$count(analysis, eq(analysis.userId, userId));
  }

  async function targetOf(tx: Tx, userId: string) {
    const [row] = await tx.select().from(userTable).where(eq(userTable.id, userId));
    if (!row) throw new AppError("USER_NOT_FOUND");
    return row;
  }

  /** Analyses of all users with the owner's email and three figures read in SQL. */
  async function analysisRows(limit: number, offset: number): Promise<AdminAnalysis[]> {
    const { id, location, ...summary } = summaryColumns(db);
    const rows = await db
      // The list row's columns with the owner and the place, in the order the API has always used.
      .select({
        id,
        userId: analysis.userId,
        userEmail: userTable.email,
        location,
        city: analysis.city,
        state: analysis.state,
        ...summary,
      })
      .from(analysis)
      .leftJoin(userTable, eq(userTable.id, analysis.userId))
      .orderBy(desc(analysis.createdAt), desc(analysis.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({ ...toSummary(r), userEmail: r.userEmail ?? null }));
  }

  return {
    /**
     * The four summary cards. Revenue counts money: real (Stripe) payments net of refunds, in
     * dollars; demo purchases (no card charged) are counted apart.
     */
    async analytics(): Promise<AdminAnalytics> {
      const since = new Date(now().getTime() - ACTIVE_USER_DAYS * DAY_MS);
      const totalUsers = await db.$count(userTable);
      const activeUsers = await db.$count(userTable, gte(userTable.createdAt, since));
      const totalAnalyses = await db.$count(analysis);
      const rows = await db
        .select({ provider: payment.provider, n: count(), cents: sum(payment.amount) })
        .from(payment)
        .where(eq(payment.status, "succeeded"))
        .groupBy(payment.provider);
      const of = (provider: "stripe" | "demo") => {
        const row = rows.find((r) => r.provider === provider);
        return { n: Number(row?.n ?? 0), dollars: Math.round(Number(row?.cents ?? 0)) / 100 };
      };
      const real = of("stripe");
      const demo = of("demo");
      return {
        totalUsers,
        totalAnalyses,
        totalRevenue: real.dollars,
        activeUsers,
        realPayments: real.n,
        demoPayments: demo.n,
        demoRevenue: demo.dollars,
      };
    },

    /** One page of users, newest first, with the number of their analyses. */
    users(page: PageRequest = FIRST_PAGE) {
      return readPage(
        page,
        async (limit, offset): Promise<AdminUser[]> => {
          const rows = await db
            .select()
            .from(userTable)
            .orderBy(...newestFirst(userTable.createdAt, userTable))
            .limit(limit)
            .offset(offset);
          const ids = rows.map((r) => r.id);
          const perUser =
            ids.length === 0
              ? []
              : await db
                  .select({ userId: analysis.userId, n: count() })
                  .from(analysis)
                  .where(inArray(analysis.userId, ids))
                  .groupBy(analysis.userId);
          const counts = new Map(perUser.map((r) => [r.userId, r.n]));
          return rows.map((row) => toAdminUser(row, counts.get(row.id) ?? 0));
        },
        () => db.$count(userTable),
      );
    },

    /** Grants or withdraws another user's admin flag; their session sees it at once. */
    async setAdmin(actor: Actor, userId: string, isAdmin: boolean): Promise<AdminUser> {
      if (actor.id === userId)
        throw new AppError("CANNOT_CHANGE_OWN_ADMIN", ADMIN_MESSAGES.ownAdminStatus);
      const updated = await db.transaction(async (tx) => {
        const target = await targetOf(tx, userId);
        if (target.isAdmin === isAdmin) return target;
        if (!isAdmin && (await adminCount(tx)) <= 1)
          throw new AppError("LAST_ADMIN", ADMIN_MESSAGES.lastAdmin);
        const [row] = await tx
          .update(userTable)
          .set({ isAdmin, updatedAt: now() })
          .where(eq(userTable.id, userId))
          .returning();
        await audit.record(
          actor,
          {
            action: isAdmin ? "user.admin.grant" : "user.admin.revoke",
            targetType: "user",
            targetId: userId,
            detail: { email: target.email, isAdmin },
          },
          tx,
        );
        return row ?? target;
      });
      accounts.userChanged(userId);
      return toAdminUser(updated, await analysesOf(userId));
    },

    /**
     * Deletes another user with their sessions, sign-in accounts, analyses and payments, in one
     * transaction; their cookie stops working at once.
     */
    async deleteUser(actor: Actor, userId: string): Promise<DeleteUserResponse> {
      if (actor.id === userId) throw new AppError("CANNOT_DELETE_SELF", ADMIN_MESSAGES.deleteSelf);
      const deleted = await db.transaction(async (tx) => {
        const target = await targetOf(tx, userId);
        if (target.isAdmin && (await adminCount(tx)) <= 1)
          throw new AppError("LAST_ADMIN", ADMIN_MESSAGES.lastAdmin);
        const theirAnalyses = (
          await tx.select({ id: analysis.id }).from(analysis).where(eq(analysis.userId, userId))
        ).map((r) => r.id);
        const payments = (
          await tx.delete(payment).where(eq(payment.userId, userId)).returning({ id: payment.id })
        ).length;
        // Payments by anyone for their analyses go with the analyses (cascade), stated here.
        if (theirAnalyses.length > 0)
          await tx.delete(payment).where(inArray(payment.analysisId, theirAnalyses));
        const analyses = (
          await tx
            .delete(analysis)
            .where(eq(analysis.userId, userId))
            .returning({ id: analysis.id })
        ).length;
        const sessions = (
          await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })
        ).length;
        await tx.delete(account).where(eq(account.userId, userId));
        await tx.delete(verification).where(eq(verification.identifier, target.email));
        await tx.delete(userTable).where(eq(userTable.id, userId));
        await audit.record(
          actor,
          {
            action: "user.delete",
            targetType: "user",
            targetId: userId,
            detail: { email: target.email, wasAdmin: target.isAdmin, analyses, payments, sessions },
          },
          tx,
        );
        return { id: target.id, email: target.email };
      });
      accounts.userChanged(userId);
      return { deletedUser: deleted };
    },

    /** One page of analyses, newest first, with its owner's email and the step ticks. */
    analyses(page: PageRequest = FIRST_PAGE) {
      return readPage(
        page,
        (limit, offset) => analysisRows(limit, offset),
        () => db.$count(analysis),
      );
    },

    /** Changes some video URLs (already validated) and records what changed, from → to. */
    async updateSettings(actor: Actor, patch: SettingsPatch): Promise<AppSettings> {
      const before = await settings.all();
      const changes = Object.entries(patch).filter(
        (entry): entry is [keyof AppSettings, string] =>
          typeof entry[1] === "string" && before[entry[0] as keyof AppSettings] !== entry[1],
      );
      if (changes.length === 0) return before;
      const at = now();
      await db.transaction(async (tx) => {
        for (const [key, value] of changes) {
          await tx
            .insert(appSetting)
            .values({ key, value, updatedAt: at })
            .onConflictDoUpdate({ target: appSetting.key, set: { value, updatedAt: at } });
        }
        await audit.record(
          actor,
          {
            action: "settings.update",
            targetType: "setting",
            targetId: changes.map(([key]) => key).join(","),
            detail: Object.fromEntries(
              changes.map(([key, value]) => [key, { from: before[key], to: value }]),
            ),
          },
          tx,
        );
      });
      return await settings.all();
    },

    /** Deletes these analyses (their payments go with them); unknown ids are skipped. */
    async bulkDeleteAnalyses(
      actor: Actor,
      analysisIds: string[],
    ): Promise<{ deletedCount: number }> {
      const ids = [...new Set(analysisIds)];
      if (ids.length === 0) throw new AppError("VALIDATION_FAILED", ADMIN_MESSAGES.selectAnalyses);
      return db.transaction(async (tx) => {
        const found = await tx
          .select({ id: analysis.id, userId: analysis.userId, location: analysis.location })
          .from(analysis)
          .where(inArray(analysis.id, ids));
        if (found.length === 0) return { deletedCount: 0 };
        const foundIds = found.map((r) => r.id);
        await tx.delete(payment).where(inArray(payment.analysisId, foundIds));
        const deletedCount = (
          await tx
            .delete(analysis)
            .where(inArray(analysis.id, foundIds))
            .returning({ id: analysis.id })
        ).length;
        await audit.record(
          actor,
          {
            action: "analyses.delete",
            targetType: "analysis",
            targetId: foundIds.length === 1 ? foundIds[0] : null,
            detail: { count: deletedCount, analyses: found },
          },
          tx,
        );
        return { deletedCount };
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
