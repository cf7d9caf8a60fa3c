/**
 * express-rate-limit's store in the database, so every server instance on one database counts
 * against the same budgets. One row per limiter and client (`rate_limit`): a fixed
 * window that starts with the client's first hit, as express-rate-limit's memory store counts.
 *
 * Each hit is ONE statement — an insert that, when the row exists, either counts the hit or,
 * once the window is over, starts a new one — so concurrent hits on any number of instances are
 * counted exactly (the row is locked by the upsert on PostgreSQL; SQLite writes one at a time).
 * The same drizzle statement runs on both engines: "now" is a bound parameter mapped by the
 * column, never an engine's clock function. Expired rows are deleted by a timer, which stops
 * when the server closes its database (`stopRateLimitStores`, from the context's close).
 */
import { createHash } from "node:crypto";
import { and, eq, gt, lte, type SQL, sql } from "drizzle-orm";
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import { type Db, type Tables, tablesOf } from "./database.js";

/** How often expired rows are deleted: once per window, between one and fifteen minutes. */
export function pruneInterval(windowMs: number): number {
  return Math.min(Math.max(windowMs, 60_000), 15 * 60_000);
}

/** The stores of each database, so that closing the server stops their timers. */
const storesOf = new WeakMap<Db, Set<DatabaseRateLimitStore>>();

/** Stops the pruning timers of every store on `db` (the server is closing it). */
export function stopRateLimitStores(db: Db): void {
  for (const store of storesOf.get(db) ?? []) store.shutdown();
  storesOf.delete(db);
}

/** Keys longer than this (an account key is the email a caller typed) are stored as a hash. */
const LONGEST_KEY = 200;

export class DatabaseRateLimitStore implements Store {
  /** Keys live in the shared database: a hit on one instance counts on every other. */
  readonly localKeys = false;
  private windowMs = 60_000;
  private pruner: NodeJS.Timeout | null = null;
  private readonly table: Tables["rateLimit"];

  /**
   * @param db the database of the server (the same database for every instance)
   * @param prefix what this limiter's keys start with; two limiters never share a prefix
   */
  constructor(
    private readonly db: Db,
    readonly prefix: string,
  ) {
    this.table = tablesOf(db).rateLimit;
    const stores = storesOf.get(db) ?? new Set<DatabaseRateLimitStore>();
    stores.add(this);
    storesOf.set(db, stores);
  }

  /** Whether the timer that deletes expired rows is running. */
  get pruning(): boolean {
    return this.pruner !== null;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    this.stopPruning();
    this.pruner = setInterval(() => void this.prune(), pruneInterval(this.windowMs));
    this.pruner.unref();
  }

  /**
   * The row's key: the prefix and the client's key, or its SHA-256 when that is long (an index
   * entry has a size limit on PostgreSQL; a hash keeps every row small).
   */
  private rowKey(key: string): string {
    if (key.length <= LONGEST_KEY) return this.prefix + key;
    return `${this.prefix}sha256:${createHash("sha256").update(key).digest("hex")}`;
  }

  /** `at` as a parameter of a raw fragment, in the column's stored form on either engine. */
  private time(at: Date): SQL {
    return sql`${sql.param(at, this.table.resetAt)}`;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const now = new Date();
    const resetAt = new Date(now.getTime() + this.windowMs);
    const over = sql`${this.table.resetAt} <= ${this.time(now)}`;
    const [row] = await this.db
      .insert(this.table)
      .values({ key: this.rowKey(key), hits: 1, resetAt })
      .onConflictDoUpdate({
        target: this.table.key,
        set: {
          hits: sql`case when ${over} then 1 else ${this.table.hits} + 1 end`,
          resetAt: sql`case when ${over} then ${this.time(resetAt)} else ${this.table.resetAt} end`,
        },
      })
      .returning({ hits: this.table.hits, resetAt: this.table.resetAt });
    if (!row) throw new Error("The rate-limit counter was not written");
    return { totalHits: row.hits, resetTime: row.resetAt };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [row] = await this.db
      .select({ hits: this.table.hits, resetAt: this.table.resetAt })
      .from(this.table)
      .where(and(eq(this.table.key, this.rowKey(key)), gt(this.table.resetAt, new Date())))
      .limit(1);
    return row ? { totalHits: row.hits, resetTime: row.resetAt } : undefined;
  }

  /** Takes back one hit of the current window (a request that is not counted after all). */
  async decrement(key: string): Promise<void> {
    await this.db
      .update(this.table)
      .set({ hits: sql`${this.table.hits} - 1` })
      .where(
        and(
          eq(this.table.key, this.rowKey(key)),
          gt(this.table.resetAt, new Date()),
          gt(this.table.hits, 0),
        ),
      );
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(this.table).where(eq(this.table.key, this.rowKey(key)));
  }

  /** Deletes the rows whose window is over (of any limiter: an expired row counts for none). */
  async prune(): Promise<void> {
    try {
      await this.db.delete(this.table).where(lte(this.table.resetAt, new Date()));
    } catch {
      // The database is closing or briefly unreachable: the next round deletes them.
    }
  }

  shutdown(): void {
    this.stopPruning();
  }

  private stopPruning() {
    if (this.pruner) clearInterval(this.pruner);
    this.pruner = null;
  }
}
