/**
 * The audit trail: who changed whose admin flag, deleted whom or what, changed which setting
 * or key, and when. Entries are written in the same transaction as the change they record.
 */
import { randomUUID } from "node:crypto";
import type { AuditEntry, User } from "@bis/sdk";
import type { Db, Queryable } from "../db/database.js";
import { tablesOf } from "../db/database.js";
import { dialectOf } from "../db/dialect.js";
import { FIRST_PAGE, type PageRequest, readPage } from "../lib/pagination.js";

export type AuditAction =
  | "user.admin.grant"
  | "user.admin.revoke"
  | "user.delete"
  | "analyses.delete"
  | "analysis.delete"
  | "settings.update"
  | "api-key.save"
  | "api-key.delete"
  | "api-token.revoke"
  | "partner.create"
  | "partner.update"
  | "partner.revoke"
  | "partner.brand.update"
  | "partner.brand.remove"
  | "partner.member.assign"
  | "partner.member.unassign"
  | "partner.member.confirm"
  | "partner.member.decline";

export interface AuditRecord {
  action: AuditAction;
  targetType: "user" | "analysis" | "setting" | "api-key" | "api-token" | "partner";
  targetId?: string | null;
  detail?: unknown;
}

type Actor = Pick<User, "id" | "email"> | null;

export function createAuditService({
  db,
  now = () => new Date(),
}: {
  db: Db;
  /** Default: the clock. */
  now?: () => Date;
}) {
  const { auditLog } = tablesOf(db);
  const { newestFirst } = dialectOf(db);
  return {
    /** Writes one entry; pass the transaction of the change so both commit or neither. */
    async record(actor: Actor, entry: AuditRecord, writer: Queryable = db): Promise<void> {
      await writer.insert(auditLog).values({
        id: randomUUID(),
        actorId: actor?.id ?? null,
        actorEmail: actor?.email ?? null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId ?? null,
        detail: entry.detail ?? null,
        createdAt: now(),
      });
    },

    /** Newest first. */
    list(page: PageRequest = FIRST_PAGE) {
      return readPage(
        page,
        (limit, offset) => entries(limit, offset),
        () => db.$count(auditLog),
      );
    },
  };

  async function entries(limit: number, offset: number): Promise<AuditEntry[]> {
    const rows = await db
      .select()
      .from(auditLog)
      .orderBy(...newestFirst(auditLog.createdAt, auditLog))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({
      id: row.id,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      detail: row.detail ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}

export type AuditService = ReturnType<typeof createAuditService>;
