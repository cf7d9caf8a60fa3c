/**
 * Administration (spec §2 /admin, §5, §6): analytics, users and their admin flag, every
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
import { count, desc, eq, gte, inArray, sql, sum } from "drizzle-orm";
import type { Db, Tx } from "../db/database.js";
import {
  account,
  analysis,
  appSetting,
  payment,
  session,
  user as userTable,
  verification,
} from "../db/schema.js";
import { AppError } from "../lib/errors.js";
import { FIRST_PAGE, type PageRequest, readPage } from "../lib/pagination.js";
import { type AccountService, toUserDto } from "./accounts.js";
import { summaryColumns, toSummary } from "./analysis-rows.js";
import type { AuditService } from "./audit.js";
import type { SettingsService } from "./settings.js";

const DAY_MS = 24 * 60 * 60 * 1000;
type Actor = Pick<User, "id" | "email">;

function adminCount(tx: Tx): number {
  return tx.select({ n: count() }).from(userTable).where(eq(userTable.isAdmin, true)).get()?.n ?? 0;
}

export function createAdminService(options: {
  db: Db;
  accounts: AccountService;
  audit: AuditService;
  settings: SettingsService;
  now?: () => Date;
}) {
  const { db, accounts, audit, settings } = options;
  const now = options.now ?? (() => new Date());

  function toAdminUser(row: typeof userTable.$inferSelect, analysisCount: number): AdminUser {
    return { ...toUserDto(row), emailVerified: row.emailVerified, analysisCount };
  }

  function analysesOf(userId: string): number {
    return (
      db.select({ n: count() }).from(analysis).where(eq(analysis.userId, userId)).get()?.n ?? 0
    );
  }

  function targetOf(tx: Tx, userId: string) {
    const row = tx.select().from(userTable).where(eq(userTable.id, userId)).get();
    if (!row) throw new AppError("NOT_FOUND", "User not found");
    return row;
  }

  /** Analyses of all users with the owner's email and three figures read in SQL. */
  function analysisRows(limit: number, offset: number): AdminAnalysis[] {
    const { id, location, ...summary } = summaryColumns();
    return (
      db
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
        .offset(offset)
        .all()
        .map((r) => ({ ...toSummary(r), userEmail: r.userEmail ?? null }))
    );
  }

  return {
    /** The four summary cards; revenue is recorded payments net of refunds, in dollars. */
    analytics(): AdminAnalytics {
      const since = new Date(now().getTime() - ACTIVE_USER_DAYS * DAY_MS);
      const totalUsers = db.select({ n: count() }).from(userTable).get()?.n ?? 0;
      const activeUsers =
        db.select({ n: count() }).from(userTable).where(gte(userTable.createdAt, since)).get()?.n ??
        0;
      const totalAnalyses = db.select({ n: count() }).from(analysis).get()?.n ?? 0;
      const cents =
        db
          .select({ cents: sum(payment.amount) })
          .from(payment)
          .where(eq(payment.status, "succeeded"))
          .get()?.cents ?? 0;
      return {
        totalUsers,
        totalAnalyses,
        totalRevenue: Math.round(Number(cents ?? 0)) / 100,
        activeUsers,
      };
    },

    /** One page of users, newest first, with the number of their analyses. */
    users(page: PageRequest = FIRST_PAGE) {
      return readPage(
        page,
        (limit, offset): AdminUser[] => {
          const rows = db
            .select()
            .from(userTable)
            .orderBy(desc(userTable.createdAt), desc(sql`${userTable}.rowid`))
            .limit(limit)
            .offset(offset)
            .all();
          const ids = rows.map((r) => r.id);
          const counts = new Map(
            ids.length === 0
              ? []
              : db
                  .select({ userId: analysis.userId, n: count() })
                  .from(analysis)
                  .where(inArray(analysis.userId, ids))
                  .groupBy(analysis.userId)
                  .all()
                  .map((r) => [r.userId, r.n]),
          );
          return rows.map((row) => toAdminUser(row, counts.get(row.id) ?? 0));
        },
        () => db.select({ n: count() }).from(userTable).get()?.n ?? 0,
      );
    },

    /** Grants or withdraws another user's admin flag; their session sees it at once. */
    setAdmin(actor: Actor, userId: string, isAdmin: boolean): AdminUser {
      if (actor.id === userId) throw new AppError("BAD_REQUEST", ADMIN_MESSAGES.ownAdminStatus);
      const updated = db.transaction((tx) => {
        const target = targetOf(tx, userId);
        if (target.isAdmin === isAdmin) return target;
        if (!isAdmin && adminCount(tx) <= 1)
          throw new AppError("CONFLICT", ADMIN_MESSAGES.lastAdmin);
        const row = tx
          .update(userTable)
          .set({ isAdmin, updatedAt: now() })
          .where(eq(userTable.id, userId))
          .returning()
          .get();
        audit.record(
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
      return toAdminUser(updated, analysesOf(userId));
    },

    /**
     * Deletes another user with their sessions, sign-in accounts, analyses and payments, in one
     * transaction; their cookie stops working at once.
     */
    deleteUser(actor: Actor, userId: string): DeleteUserResponse {
      if (actor.id === userId) throw new AppError("BAD_REQUEST", ADMIN_MESSAGES.deleteSelf);
      const deleted = db.transaction((tx) => {
        const target = targetOf(tx, userId);
        if (target.isAdmin && adminCount(tx) <= 1)
          throw new AppError("CONFLICT", ADMIN_MESSAGES.lastAdmin);
        const theirAnalyses = tx
          .select({ id: analysis.id })
          .from(analysis)
          .where(eq(analysis.userId, userId))
          .all()
          .map((r) => r.id);
        const payments = tx.delete(payment).where(eq(payment.userId, userId)).run().changes;
        // Payments by anyone for their analyses go with the analyses (cascade), stated here.
        if (theirAnalyses.length > 0)
          tx.delete(payment).where(inArray(payment.analysisId, theirAnalyses)).run();
        const analyses = tx.delete(analysis).where(eq(analysis.userId, userId)).run().changes;
        const sessions = tx.delete(session).where(eq(session.userId, userId)).run().changes;
        tx.delete(account).where(eq(account.userId, userId)).run();
        tx.delete(verification).where(eq(verification.identifier, target.email)).run();
        tx.delete(userTable).where(eq(userTable.id, userId)).run();
        audit.record(
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
        () => db.select({ n: count() }).from(analysis).get()?.n ?? 0,
      );
    },

    /** Changes some video URLs (already validated) and records what changed, from → to. */
    updateSettings(actor: Actor, patch: SettingsPatch): AppSettings {
      const before = settings.all();
      const changes = Object.entries(patch).filter(
        (entry): entry is [keyof AppSettings, string] =>
          typeof entry[1] === "string" && before[entry[0] as keyof AppSettings] !== entry[1],
      );
      if (changes.length === 0) return before;
      const at = now();
      db.transaction((tx) => {
        for (const [key, value] of changes) {
          tx.insert(appSetting)
            .values({ key, value, updatedAt: at })
            .onConflictDoUpdate({ target: appSetting.key, set: { value, updatedAt: at } })
            .run();
        }
        audit.record(
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
      return settings.all();
    },

    /** Deletes these analyses (their payments go with them); unknown ids are skipped. */
    bulkDeleteAnalyses(actor: Actor, analysisIds: string[]): { deletedCount: number } {
      const ids = [...new Set(analysisIds)];
      if (ids.length === 0) throw new AppError("VALIDATION_FAILED", ADMIN_MESSAGES.selectAnalyses);
      return db.transaction((tx) => {
        const found = tx
          .select({ id: analysis.id, userId: analysis.userId, location: analysis.location })
          .from(analysis)
          .where(inArray(analysis.id, ids))
          .all();
        if (found.length === 0) return { deletedCount: 0 };
        const foundIds = found.map((r) => r.id);
        tx.delete(payment).where(inArray(payment.analysisId, foundIds)).run();
        const deletedCount = tx
          .delete(analysis)
          .where(inArray(analysis.id, foundIds))
          .run().changes;
        audit.record(
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
