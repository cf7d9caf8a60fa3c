/**
 * Issue 12, defect 9: every list pages (a default and a maximum page size, an opaque cursor,
 * the total alongside the spec's list key), and one account cannot run analyses faster than the
 * configured rate.
 */
import { randomUUID } from "node:crypto";
import type { NodeClient } from "@bis/sdk/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tablesFor } from "../src/db/database.js";
import {
  analysisFor,
  errorOf,
  signedInAdmin,
  signedInUser,
  startTestServer,
  type TestServer,
} from "./support/index.js";
import { testEngine } from "./support/postgres.js";

const { analysis } = tablesFor(testEngine());

const MANY = 1500;

async function getJson(client: NodeClient, url: string) {
  const started = performance.now();
  const response = await client.fetch(url, {});
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body, ms: performance.now() - started };
}

describe("paginated lists", () => {
  let bis: TestServer;
  let admin: NodeClient;
  let owner: NodeClient;

  beforeAll(async () => {
    bis = await startTestServer({ BIS_LOGIN_RATE_LIMIT: "1000", BIS_ANALYSIS_RATE_LIMIT: "1000" });
    admin = await signedInAdmin(bis);
    owner = await signedInUser(bis, "Lena");
    // One real analysis, copied to 1,500 rows with distinct creation times (as a busy account has).
    const id = await analysisFor(owner);
    const { db } = bis.server.context;
    const [original] = await db.select().from(analysis).where(eq(analysis.id, id));
    if (!original) throw new Error("the analysis was not stored");
    const copies = Array.from({ length: MANY - 1 }, (_, k) => ({
      ...original,
      id: randomUUID(),
      createdAt: new Date(original.createdAt.getTime() - (k + 1) * 1000),
    }));
    await db.transaction(async (tx) => {
      for (let i = 0; i < copies.length; i += 100) {
        await tx.insert(analysis).values(copies.slice(i, i + 100));
      }
    });
  }, 120_000);
  afterAll(async () => {
    await owner?.close();
    await admin?.close();
    await bis?.close();
  });

  it("answers the first page of a user's 1,500 analyses with the total and a cursor", async () => {
    await getJson(owner, `${bis.url}/api/analyses`);
    const { status, body, ms } = await getJson(owner, `${bis.url}/api/analyses`);
    console.log(`GET /api/analyses with ${MANY} analyses: ${ms.toFixed(1)} ms`);
    expect(status).toBe(200);
    expect((body.analyses as unknown[]).length).toBe(50);
    expect(body.total).toBe(MANY);
    expect(body.limit).toBe(50);
    expect(typeof body.nextCursor).toBe("string");
  });

  it("walks every page exactly once, newest first, and refuses pages beyond the maximum", async () => {
    const seen: string[] = [];
    const created: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await owner.analyses.page({ limit: 200, cursor: cursor ?? undefined });
      seen.push(...page.items.map((a) => a.id));
      created.push(...page.items.map((a) => a.createdAt));
      expect(page.total).toBe(MANY);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(MANY / 200));
    expect(new Set(seen).size).toBe(MANY);
    expect([...created].sort().reverse()).toEqual(created);
    // The old call still works: the first page.
    expect((await owner.analyses.list()).map((a) => a.id)).toEqual(seen.slice(0, 50));

    for (const query of ["limit=201", "limit=0", "limit=abc", "cursor=not-a-cursor"]) {
      const { status, body } = await getJson(owner, `${bis.url}/api/analyses?${query}`);
      expect([status, body.code], query).toEqual([400, "VALIDATION_FAILED"]);
    }
  });

  it("pages the administrators' lists: users, analyses, payments, partners, leads, audit", async () => {
    await owner.payments.confirmDemo({ analysisId: await analysisFor(owner) });
    await owner.payments.confirmDemo({ analysisId: await analysisFor(owner) });
    for (const name of ["A", "B"]) {
      await admin.admin.createPartner({ name, allowedOrigins: ["https://a.example"] });
    }
    const lists: Array<[string, string]> = [
      ["/api/admin/users", "users"],
      ["/api/admin/analyses", "analyses"],
      ["/api/admin/payments", "payments"],
      ["/api/admin/partners", "partners"],
      ["/api/admin/leads", "leads"],
      ["/api/admin/audit", "entries"],
    ];
    for (const [path, key] of lists) {
      const first = await getJson(admin, `${bis.url}${path}?limit=1`);
      expect(first.status, path).toBe(200);
      expect(first.body).toHaveProperty("total");
      expect(first.body).toHaveProperty("nextCursor");
      const items = first.body[key] as unknown[];
      expect(items.length, path).toBeLessThanOrEqual(1);
      if ((first.body.total as number) > 1) {
        const next = await getJson(
          admin,
          `${bis.url}${path}?limit=1&cursor=${encodeURIComponent(first.body.nextCursor as string)}`,
        );
        expect(next.body[key], path).not.toEqual(items);
      } else {
        expect(first.body.nextCursor, path).toBeNull();
      }
      const tooMany = await getJson(admin, `${bis.url}${path}?limit=100000`);
      expect(tooMany.status, path).toBe(400);
    }
    const analyses = await getJson(admin, `${bis.url}/api/admin/analyses`);
    expect((analyses.body.analyses as unknown[]).length).toBe(50);
    expect(analyses.body.total).toBe(MANY + 2);
  });
  it("pages the user's API tokens too, newest first, each exactly once", async () => {
    for (const name of ["one", "two", "three"]) await owner.tokens.create({ name });
    const first = await owner.tokens.page({ limit: 2 });
    expect(first.items.map((t) => t.name)).toEqual(["three", "two"]);
    expect(first.total).toBe(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await owner.tokens.page({ limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.items.map((t) => t.name)).toEqual(["one"]);
    expect(second.nextCursor).toBeNull();
    const tooMany = await getJson(owner, `${bis.url}/api/tokens?limit=201`);
    expect(tooMany.status).toBe(400);
  });
});

describe("analysis creation rate", () => {
  let bis: TestServer;
  let owner: NodeClient;
  let other: NodeClient;
  beforeAll(async () => {
    bis = await startTestServer({ BIS_LOGIN_RATE_LIMIT: "1000", BIS_ANALYSIS_RATE_LIMIT: "3" });
    owner = await signedInUser(bis, "Rita");
    other = await signedInUser(bis, "Omar");
  }, 60_000);
  afterAll(async () => {
    await owner?.close();
    await other?.close();
    await bis?.close();
  });

  it("answers 429 with a clear message past the per-minute limit, per account", async () => {
    for (let i = 0; i < 3; i++) await analysisFor(owner);
    const error = await errorOf(analysisFor(owner));
    expect([error.status, error.code, error.serverMessage]).toEqual([
      429,
      "RATE_LIMITED",
      "You're running analyses too quickly. Please wait a minute and try again.",
    ]);
    expect((await owner.analyses.page({})).total).toBe(3);
    // Another account is not affected.
    await analysisFor(other);
  });
});
