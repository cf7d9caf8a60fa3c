import type { User } from "@bis/sdk";

/** What to call a user: the first name, or the email when there is none. */
export function displayName(user: Pick<User, "firstName" | "email">): string {
  const first = user.firstName?.trim();
  return first ? first : user.email;
}

/** The full name, or "Not provided" when neither part is set. */
export function fullName(user: Pick<User, "firstName" | "lastName">): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || "Not provided";
}
