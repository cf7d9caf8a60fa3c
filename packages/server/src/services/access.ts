/**
 * Who may see a user's record (an analysis, an API token): its owner or an administrator.
 * Anyone else is told it does not exist, exactly as for an id that does not, so ids reveal nothing.
 */
import type { ServerErrorCode, User } from "@bis/sdk";
import { AppError } from "../lib/errors.js";

/** What the rule reads of the viewer. */
type Viewer = Pick<User, "id" | "isAdmin">;

/** Whether the viewer owns the record or is an administrator. */
export function ownsOrAdmin(row: { userId: string | null }, viewer: Viewer): boolean {
  return row.userId === viewer.id || viewer.isAdmin;
}

/** The record when the viewer is its owner or an administrator; otherwise the 404 `notFound`. */
export function ownedOrAdmin<R extends { userId: string | null }>(
  row: R | undefined,
  viewer: Viewer,
  notFound: Extract<ServerErrorCode, `${string}_NOT_FOUND`>,
): R {
  if (!row || !ownsOrAdmin(row, viewer)) {
    throw new AppError(notFound);
  }
  return row;
}
