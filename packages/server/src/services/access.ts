/**
 * Who may see a user's record (an analysis, an API token): its owner or an administrator.
 * Anyone else is told it does not exist, exactly as for an id that does not, so ids reveal nothing.
 */
import type { User } from "@bis/sdk";
import { AppError } from "../lib/errors.js";

/** The record when the viewer is its owner or an administrator; otherwise a 404 with `notFound`. */
export function ownedOrAdmin<R extends { userId: string | null }>(
  row: R | undefined,
  viewer: User,
  notFound: string,
): R {
  if (!row || (row.userId !== viewer.id && !viewer.isAdmin)) {
    throw new AppError("NOT_FOUND", notFound);
  }
  return row;
}
