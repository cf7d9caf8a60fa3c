/**
 * What an administrator (System tab) and a load balancer (GET /api/health) need to know:
 * version, uptime, the database (answers? size? migrations applied?), providers, modes, and the
 * instances alive on the database (which one answered).
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { SystemStatus } from "@bis/sdk";
import { sql } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Database } from "../db/database.js";
import type { ApiKeyService } from "./api-keys.js";
import type { InstanceRegistry } from "./instances.js";

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** Bytes the database takes: the SQLite file and its log, or PostgreSQL's database size. */
async function databaseSize(database: Database, file: string): Promise<number> {
  if (database.engine === "sqlite") return fileSize(file) + fileSize(`${file}-wal`);
  const [row] = await database.rows<{ bytes: string | number }>(
    sql`select pg_database_size(current_database()) as bytes`,
  );
  return Number(row?.bytes ?? 0);
}

export function createSystemService(options: {
  database: Database;
  config: Config;
  apiKeys: ApiKeyService;
  instances: InstanceRegistry;
  now?: () => Date;
}) {
  const { database, config, apiKeys, instances } = options;
  const { migrationsFolder } = database;
  const now = options.now ?? (() => new Date());
  const { startedAt, version } = instances.identity;

  /** `select 1` on the database; false when it fails. */
  async function databaseAnswers(): Promise<boolean> {
    try {
      const [row] = await database.rows<{ ok: number }>(sql`select 1 as ok`);
      return Number(row?.ok) === 1;
    } catch {
      return false;
    }
  }

  async function migrations() {
    let available = 0;
    try {
      const journal = JSON.parse(
        readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
      ) as { entries?: unknown[] };
      available = journal.entries?.length ?? 0;
    } catch {
      available = 0;
    }
    let applied = 0;
    try {
      const [row] = await database.rows<{ n: number | string }>(
        sql`select count(*) as n from ${database.dialect.migrationsTable}`,
      );
      applied = Number(row?.n ?? 0);
    } catch {
      applied = 0;
    }
    return { applied, available, pending: Math.max(0, available - applied) };
  }

  return {
    databaseAnswers,

    async status(): Promise<SystemStatus> {
      const ok = await databaseAnswers();
      const state = await migrations();
      return {
        status: ok && state.pending === 0 ? "healthy" : "degraded",
        version,
        nodeVersion: process.version,
        environment: config.env,
        startedAt: startedAt.toISOString(),
        uptimeSeconds: Math.round((now().getTime() - startedAt.getTime()) / 1000),
        database: {
          ok,
          sizeBytes: await databaseSize(database, config.databaseFile),
          migrations: state,
        },
        providers: (await apiKeys.list()).map((k) => ({
          name: k.name,
          label: k.label,
          configured: k.configured,
          source: k.source,
          lastTestedAt: k.lastTestedAt,
          lastTestOk: k.lastTestOk,
        })),
        email: { mode: config.email.mode },
        payments: { mode: config.payments.mode },
        places: { provider: config.places.provider },
        keywords: { provider: config.premium.keywordProvider },
        instanceId: instances.identity.id,
        instances: await instances.live(),
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
