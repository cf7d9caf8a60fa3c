/**
 * Personal API tokens (the `bis` command line, scripts): `bis_` + 32 base62 characters, shown
 * once at creation and stored only as a SHA-256 hash. A token acts with its owner's rights as
 * `Authorization: Bearer …` until it expires, is revoked or the owner is deleted (the rows
 * cascade). An administrator's token always expires: in 90 days unless asked otherwise, at most
 * 365, so a forgotten administrator's token does not stay valid forever; renewing moves the expiry.
 * The rule is checked again on every use: a token made before its owner was promoted, without
 * an expiry or with one further off, is refused (403, how to fix it) until it is renewed.
 *
 * A token is a 190-bit random secret, not a password: a fast hash is enough (GitHub and npm do
 * the same), and it keeps the lookup on every API call to one indexed query.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  API_TOKEN_EXPIRY,
  API_TOKEN_PREFIX,
  type ApiToken,
  adminTokenWithoutExpiryMessage,
  type CreatedToken,
  TOKEN_MESSAGES,
  type User,
} from "@bis/sdk";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { type Tables, tablesOf } from "../../db/database.js";
import { AppError } from "../../lib/errors.js";
import { FIRST_PAGE, type PageRequest, readPage } from "../../lib/pagination.js";
import { ownedOrAdmin } from "../access.js";
import type { AuditService } from "../audit.js";
import { type TokenResolution, toUserDto } from "./index.js";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LENGTH = 32;
/** Characters kept in clear to recognise a token in a list: "bis_" + 6. */
const PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;
/** `lastUsedAt` is written at most this often per token (one write per call would be wasteful). */
export const LAST_USED_RESOLUTION_MS = 60_000;

type TokenRow = Tables["apiToken"]["$inferSelect"];

const DAY_MS = 86_400_000;

/** What a token's expiry is to be: `days` asked (null: never), or the default for its owner. */
export interface TokenExpiry {
  isAdmin: boolean;
  expiresInDays?: number | null;
}

/** The expiry date of a token created or renewed at `at`; null: never. */
function expiryFrom(at: Date, { isAdmin, expiresInDays }: TokenExpiry): Date | null {
  if (expiresInDays === null && isAdmin)
    throw new AppError("VALIDATION_FAILED", TOKEN_MESSAGES.adminTokenMustExpire, {
      issues: [{ path: "expiresInDays", message: TOKEN_MESSAGES.adminTokenMustExpire }],
    });
  const days =
    expiresInDays === undefined && isAdmin ? API_TOKEN_EXPIRY.adminDefaultDays : expiresInDays;
  return days == null ? null : new Date(at.getTime() + days * DAY_MS);
}

/**
 * Whether an expiry obeys the administrators' rule at `at`: there is one, at most
 * `API_TOKEN_EXPIRY.maxDays` away (creating or renewing an administrator's token sets no more;
 * an hour of slack for clocks that differ between instances).
 */
function withinAdminMaximum(expiresAt: Date | null, at: Date): boolean {
  if (!expiresAt) return false;
  return expiresAt.getTime() - at.getTime() <= API_TOKEN_EXPIRY.maxDays * DAY_MS + 3_600_000;
}

/** 32 base62 characters from the CSPRNG, without modulo bias (bytes ≥ 248 are drawn again). */
function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function toDto(row: TokenRow, currentId?: string): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    ...(currentId !== undefined ? { current: row.id === currentId } : {}),
  };
}

export function createTokenService({
  db,
  audit,
  now = () => new Date(),
}: {
  db: Db;
  audit: AuditService;
  /** Default: the clock. */
  now?: () => Date;
}) {
  const { apiToken, user: userTable } = tablesOf(db);
  return {
    /** Creates a token for `userId`; the answer is the only place the secret ever appears. */
    async create(userId: string, name: string, expiry: TokenExpiry): Promise<CreatedToken> {
      const token = `${API_TOKEN_PREFIX}${randomBase62(SECRET_LENGTH)}`;
      const at = now();
      const [row] = await db
        .insert(apiToken)
        .values({
          id: randomUUID(),
          userId,
          name,
          tokenHash: hashToken(token),
          prefix: token.slice(0, PREFIX_LENGTH),
          createdAt: at,
          expiresAt: expiryFrom(at, expiry),
        })
        .returning();
      if (!row) throw new Error("The API token was not stored");
      return {
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
        token,
      };
    },

    /** Revokes every live token of a user (password reset); answers how many were revoked. */
    async revokeAllTokens(userId: string): Promise<number> {
      const revoked = await db
        .update(apiToken)
        .set({ revokedAt: now() })
        .where(and(eq(apiToken.userId, userId), isNull(apiToken.revokedAt)))
        .returning({ id: apiToken.id });
      return revoked.length;
    },

    /** A page of the user's own tokens, revoked ones included, newest first. */
    list(userId: string, currentTokenId?: string, page: PageRequest = FIRST_PAGE) {
      return readPage(
        page,
        async (limit, offset): Promise<ApiToken[]> => {
          const rows = await db
            .select()
            .from(apiToken)
            .where(eq(apiToken.userId, userId))
            .orderBy(desc(apiToken.createdAt), desc(apiToken.id))
            .limit(limit)
            .offset(offset);
          return rows.map((row) => toDto(row, currentTokenId ?? ""));
        },
        () => db.$count(apiToken, eq(apiToken.userId, userId)),
      );
    },

    /**
     * Revokes a token of the actor (administrators: anyone's). Someone else's token answers
     * 404, like a token that does not exist, so ids reveal nothing. Revoking twice is harmless.
     */
    async revoke(actor: User, id: string): Promise<ApiToken> {
      const [found] = await db.select().from(apiToken).where(eq(apiToken.id, id));
      const row = ownedOrAdmin(found, actor, "TOKEN_NOT_FOUND");
      if (row.revokedAt) return toDto(row);
      return db.transaction(async (tx) => {
        const [revoked] = (await tx
          .update(apiToken)
          .set({ revokedAt: now() })
          .where(eq(apiToken.id, id))
          .returning()) as [TokenRow];
        if (row.userId !== actor.id) {
          await audit.record(
            actor,
            {
              action: "api-token.revoke",
              targetType: "api-token",
              targetId: id,
              detail: { ownerId: row.userId, name: row.name, prefix: row.prefix },
            },
            tx,
          );
        }
        return toDto(revoked);
      });
    },

    /**
     * Moves the expiry of one of the owner's tokens to `expiresInDays` from now (the creation
     * default otherwise). Someone else's token is a 404; a revoked one a 409.
     */
    async renew(owner: User, id: string, expiresInDays?: number | null): Promise<ApiToken> {
      const [found] = await db
        .select()
        .from(apiToken)
        .where(and(eq(apiToken.id, id), eq(apiToken.userId, owner.id)));
      if (!found) throw new AppError("TOKEN_NOT_FOUND");
      if (found.revokedAt) throw new AppError("TOKEN_REVOKED", TOKEN_MESSAGES.revokedCannotRenew);
      const expiresAt = expiryFrom(now(), { isAdmin: owner.isAdmin, expiresInDays });
      const [renewed] = (await db
        .update(apiToken)
        .set({ expiresAt })
        .where(eq(apiToken.id, id))
        .returning()) as [TokenRow];
      return toDto(renewed);
    },

    /**
     * The owner of a bearer token; `expiredAt` when it is past its expiry; null when it is
     * unknown or revoked. Marks a live token as used (at most once a minute).
     */
    async resolve(bearer: string): Promise<TokenResolution | null> {
      if (!bearer.startsWith(API_TOKEN_PREFIX)) return null;
      const [found] = await db
        .select({ token: apiToken, user: userTable })
        .from(apiToken)
        .innerJoin(userTable, eq(apiToken.userId, userTable.id))
        .where(and(eq(apiToken.tokenHash, hashToken(bearer)), isNull(apiToken.revokedAt)));
      if (!found) return null;
      const at = now();
      const { expiresAt } = found.token;
      if (expiresAt && expiresAt.getTime() <= at.getTime()) return { expiredAt: expiresAt };
      // The administrators' rule holds when the token is used, not only when it is made: a
      // token made before its owner became an administrator (no expiry, or a user's up to 365
      // days) acts with an administrator's rights only once it carries an administrator's expiry.
      if (found.user.isAdmin && !withinAdminMaximum(expiresAt, at))
        return { forbidden: adminTokenWithoutExpiryMessage(found.token.id, found.token.prefix) };
      const last = found.token.lastUsedAt?.getTime() ?? 0;
      if (at.getTime() - last >= LAST_USED_RESOLUTION_MS) {
        await db.update(apiToken).set({ lastUsedAt: at }).where(eq(apiToken.id, found.token.id));
      }
      return { user: toUserDto(found.user), tokenId: found.token.id };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
