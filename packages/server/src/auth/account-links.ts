/**
 * The account links that live in better-auth's `verification` table: password reset
 * links (`reset-password:<token>`, value = the user id, better-auth's) and email-change links
 * (`change-email:<token>`, value = JSON with the user id, BIS's own). A link dies with the state
 * it was issued for: issuing a reset link, completing a reset, changing the password or the
 * email revokes every other outstanding link of that account (`revokeAccountLinks`), and an
 * email-change link carries a fingerprint of the password it was requested under
 * (`passwordFingerprint`), which its confirmation checks again.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, like, ne } from "drizzle-orm";
import type { Db } from "../db/database.js";
import { tablesOf } from "../db/database.js";

export const RESET_LINK_PREFIX = "reset-password:";
export const EMAIL_CHANGE_LINK_PREFIX = "change-email:";

/** What an email-change link's row holds. */
export interface EmailChangeLink {
  userId: string;
  from: string;
  to: string;
  /** `passwordFingerprint` of the password hash when the change was requested. */
  password: string;
}

/**
 * A short fingerprint of a stored password hash: equal while the password is unchanged,
 * different after any change (a new hash has a new salt). Never the hash itself.
 */
export function passwordFingerprint(hash: string | null | undefined): string {
  return createHash("sha256")
    .update(hash ?? "")
    .digest("base64url")
    .slice(0, 22);
}

/** The email-change link in a row's value, or null when it is not one. */
export function parseEmailChangeLink(value: string): EmailChangeLink | null {
  try {
    const parsed = JSON.parse(value) as Partial<EmailChangeLink>;
    const { userId, from, to, password } = parsed;
    if ([userId, from, to, password].every((v) => typeof v === "string"))
      return parsed as EmailChangeLink;
  } catch {
    // not JSON: not a link BIS wrote
  }
  return null;
}

/** The user an email-change row is for (also a link written before the fingerprint). */
function userIdOf(value: string): string | undefined {
  try {
    return (JSON.parse(value) as { userId?: string }).userId;
  } catch {
    return undefined;
  }
}

/** `text` as a LIKE pattern that matches at least it, on both engines (no escape character). */
function looseLikePattern(text: string): string {
  return text.replace(/[%_\\]/g, "_");
}

export interface RevokeOptions {
  /** Keep this reset link (the one just issued). */
  exceptResetToken?: string;
  /** Revoke reset links (default true). */
  reset?: boolean;
  /** Revoke email-change links (default true). */
  emailChange?: boolean;
}

/**
 * Deletes the outstanding reset and email-change links of `userId` (all of them unless told
 * otherwise); answers how many.
 */
export async function revokeAccountLinks(
  db: Db,
  userId: string,
  options: RevokeOptions = {},
): Promise<number> {
  const { verification } = tablesOf(db);
  let revoked = 0;
  if (options.reset ?? true) {
    const keep = options.exceptResetToken;
    const rows = await db
      .delete(verification)
      .where(
        and(
          like(verification.identifier, `${RESET_LINK_PREFIX}%`),
          eq(verification.value, userId),
          ...(keep === undefined ? [] : [ne(verification.identifier, RESET_LINK_PREFIX + keep)]),
        ),
      )
      .returning({ id: verification.id });
    revoked += rows.length;
  }
  if (options.emailChange ?? true) {
    // The value is JSON: narrow with LIKE, then keep exactly this user's links.
    const candidates = await db
      .select({ id: verification.id, value: verification.value })
      .from(verification)
      .where(
        and(
          like(verification.identifier, `${EMAIL_CHANGE_LINK_PREFIX}%`),
          like(verification.value, `%${looseLikePattern(JSON.stringify(userId))}%`),
        ),
      );
    const ids = candidates.filter((row) => userIdOf(row.value) === userId).map((row) => row.id);
    if (ids.length > 0) {
      await db.delete(verification).where(inArray(verification.id, ids));
      revoked += ids.length;
    }
  }
  return revoked;
}
