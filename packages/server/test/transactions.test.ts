/**
 * Atomic work on the test run's engine (SQLite, or PostgreSQL in the server-pg project): a
 * service operation that fails in the middle of a multi-row write leaves nothing behind, and on
 * SQLite's single connection a statement from outside a transaction never runs inside it (so a
 * rollback cannot take another request's write with it).
 */
import type { User } from "@bis/sdk";
import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Database } from "../src/db/database.js";
import type { AccountService } from "../src/services/accounts/index.js";
import { createAdminService } from "../src/services/admin.js";
import { type AuditService, createAuditService } from "../src/services/audit.js";
import { createPaymentService } from "../src/services/payments/index.js";
import { createSettingsService } from "../src/services/settings.js";
import { testEngine, useScratchDatabase } from "./support/postgres.js";

let database: Database;
useScratchDatabase((opened) => {
  database = opened;
});

const ADMIN = { id: "admin-1", email: "admin@example.com" };

/** An audit trail whose write fails: the last step of every audited change. */
function failingAudit(db: Database["db"]): AuditService {
  const audit = createAuditService({ db });
  audit.record = async () => {
    throw new Error("the audit trail is unavailable");
  };
  return audit;
}

/** A user with a session, a sign-in account, an analysis and its payment. */
async function seedUser(id: string) {
  const { db, tables } = database;
  const email = `${id}@example.com`;
  await db.insert(tables.user).values({ id, name: id, email, emailVerified: true });
  await db.insert(tables.session).values({
    id: `${id}-session`,
    token: `${id}-token`,
    userId: id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await db
    .insert(tables.account)
    .values({ id: `${id}-account`, accountId: id, providerId: "credential", userId: id });
  await db.insert(tables.analysis).values({
    id: `${id}-analysis`,
    userId: id,
    location: "Austin, TX",
    city: "Austin",
    state: "TX",
    industry: "hvac",
    primaryRadius: 25,
    secondaryRadius: 50,
    isPaid: true,
  });
  await db.insert(tables.payment).values({
    id: `${id}-payment`,
    userId: id,
    analysisId: `${id}-analysis`,
    provider: "demo",
    providerPaymentId: `demo_${id}`,
    amount: 4900,
    currency: "usd",
    status: "succeeded",
  });
}

/** How many rows of the user's each table holds. */
async function rowsOf(id: string) {
  const { db, tables } = database;
  const count = (table: keyof typeof tables, rows: unknown[]) => [table, rows.length] as const;
  return Object.fromEntries([
    count("user", await db.select().from(tables.user).where(eq(tables.user.id, id))),
    count("session", await db.select().from(tables.session).where(eq(tables.session.userId, id))),
    count("account", await db.select().from(tables.account).where(eq(tables.account.userId, id))),
    count(
      "analysis",
      await db.select().from(tables.analysis).where(eq(tables.analysis.userId, id)),
    ),
    count("payment", await db.select().from(tables.payment).where(eq(tables.payment.userId, id))),
  ]);
}

describe(`atomic work on ${testEngine()}`, () => {
  it("an account deletion that fails at its last step deletes nothing", async () => {
    await seedUser("doomed");
    const before = await rowsOf("doomed");
    expect(before).toEqual({ user: 1, session: 1, account: 1, analysis: 1, payment: 1 });
    const { db } = database;
    const admin = createAdminService({
      db,
      accounts: { userChanged() {} } as unknown as AccountService,
      audit: failingAudit(db),
      settings: createSettingsService({ db }),
    });

    await expect(admin.deleteUser(ADMIN, "doomed")).rejects.toThrow(/audit trail is unavailable/);

    expect(await rowsOf("doomed")).toEqual(before);
  });

  it("a price change of several items that fails at its last step stores none of them", async () => {
    const { db, tables } = database;
    const payments = createPaymentService({
      db,
      config: { mode: "demo", stripe: null, amount: 4900, currency: "usd" },
      stripe: null,
      logger: pino({ level: "silent" }),
      audit: failingAudit(db),
    });
    const before = await payments.prices();

    await expect(
      payments.updatePrices(ADMIN as User, {
        keywordResearch: 1234,
        competitionAnalysis: 2345,
        pdfReport: 3456,
      }),
    ).rejects.toThrow(/audit trail is unavailable/);

    const stored = await db
      .select()
      .from(tables.appSetting)
      .where(
        inArray(tables.appSetting.key, [
          "price.keywordResearch",
          "price.competitionAnalysis",
          "price.pdfReport",
        ]),
      );
    expect(stored).toEqual([]);
    expect(await payments.prices()).toEqual(before);
  });

  it("a rollback takes only the transaction's own writes, never a concurrent one", async () => {
    const { db, tables } = database;
    let written!: () => void;
    const inside = new Promise<void>((resolve) => (written = resolve));
    let fail!: () => void;
    const failing = new Promise<void>((resolve) => (fail = resolve));

    const transaction = db.transaction(async (tx) => {
      await tx.insert(tables.appSetting).values({ key: "inside", value: "1" });
      written();
      await failing;
      throw new Error("failed in the middle");
    });
    await inside;
    // Another request writes while the transaction is open (on SQLite it waits for its turn).
    const outside = db.insert(tables.appSetting).values({ key: "outside", value: "1" }).then();
    fail();

    await expect(transaction).rejects.toThrow(/failed in the middle/);
    await outside;
    const keys = (await db.select().from(tables.appSetting)).map((row) => row.key);
    expect(keys).toContain("outside");
    expect(keys).not.toContain("inside");
  });
});
