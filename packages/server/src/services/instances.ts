/**
 * The instances on the database, for the System tab. Each server process writes its
 * row at start, refreshes `last_seen_at` every `heartbeatMs` (10 s, an unref'd timer) and
 * deletes it on a graceful stop; an instance seen within `aliveMs` (30 s) is alive, so one that
 * was killed drops off the list within 30 s. Rows not seen for a day are deleted by the others.
 * Times are the instances' clocks: keep them synchronised (NTP).
 */
import type { ServerInstance } from "@bis/sdk";
import { asc, eq, gte, lt } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../db/database.js";
import { tablesOf } from "../db/database.js";
import type { InstanceIdentity } from "../lib/instance-identity.js";

export const HEARTBEAT_MS = 10_000;
export const ALIVE_MS = 30_000;
const FORGET_MS = 86_400_000;

export function createInstanceRegistry(options: {
  db: Db;
  identity: InstanceIdentity;
  logger: Logger;
  heartbeatMs?: number;
  aliveMs?: number;
  now?: () => Date;
}) {
  const { db, identity, logger } = options;
  const { instance } = tablesOf(db);
  const now = options.now ?? (() => new Date());
  const aliveMs = options.aliveMs ?? ALIVE_MS;
  let timer: NodeJS.Timeout | null = null;

  async function beat(): Promise<void> {
    const at = now();
    // Written whole each time: a row deleted meanwhile (a day without a beat) comes back.
    await db
      .insert(instance)
      .values({ ...identity, lastSeenAt: at })
      .onConflictDoUpdate({ target: instance.id, set: { lastSeenAt: at } });
    await db.delete(instance).where(lt(instance.lastSeenAt, new Date(at.getTime() - FORGET_MS)));
  }

  return {
    identity,

    /** Writes this instance's row and starts the heartbeat. */
    async start(): Promise<void> {
      await beat();
      timer = setInterval(() => {
        beat().catch((error: unknown) => logger.warn({ err: error }, "instance heartbeat failed"));
      }, options.heartbeatMs ?? HEARTBEAT_MS).unref();
    },

    /** The instances seen within `aliveMs`, oldest start first. */
    async live(): Promise<ServerInstance[]> {
      const rows = await db
        .select()
        .from(instance)
        .where(gte(instance.lastSeenAt, new Date(now().getTime() - aliveMs)))
        .orderBy(asc(instance.startedAt), asc(instance.id));
      return rows.map((row) => ({
        id: row.id,
        hostname: row.hostname,
        pid: row.pid,
        version: row.version,
        startedAt: row.startedAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      }));
    },

    /** Graceful shutdown: the heartbeat stops and the row goes (the others stop listing it). */
    async close(): Promise<void> {
      if (!timer) return;
      clearInterval(timer);
      timer = null;
      try {
        await db.delete(instance).where(eq(instance.id, identity.id));
      } catch (error) {
        logger.warn({ err: error }, "instance row not removed; it ages out in 30 s");
      }
    },
  };
}

export type InstanceRegistry = ReturnType<typeof createInstanceRegistry>;
