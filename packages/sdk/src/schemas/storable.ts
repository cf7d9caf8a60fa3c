/**
 * Text a database can store. PostgreSQL's text type refuses U+0000 (NUL), so a request carrying
 * one anywhere — a body field, a query value, a path parameter — is a 400 naming the field, on
 * either engine, before any schema or database sees it (the server's `parse` and its request
 * guard read this; docs/architecture.md, "Input a database refuses").
 */
import type { ErrorIssue } from "../errors.js";

/** The character refused: NUL. */
const NUL = String.fromCharCode(0);

/** Whether a text holds a character no database stores. */
export function isUnstorable(text: string): boolean {
  return text.includes(NUL);
}

/** "email contains a character that cannot be stored (NUL)". */
export function unstorableMessage(field: string): string {
  return `${field} contains a character that cannot be stored (NUL)`;
}

/**
 * Every string in `value` (objects and arrays walked, keys too, to a depth of 32) that holds a
 * refused character, as issues with their paths; [] when there is none.
 */
export function unstorableIssues(value: unknown, path: string[] = []): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const walk = (v: unknown, at: string[], depth: number) => {
    if (typeof v === "string") {
      if (isUnstorable(v)) {
        const field = at.join(".") || "value";
        issues.push({ path: field, message: unstorableMessage(at.at(-1) ?? "value") });
      }
      return;
    }
    if (!v || typeof v !== "object" || depth > 32) return;
    for (const [key, inner] of Object.entries(v)) {
      if (isUnstorable(key))
        issues.push({ path: [...at, key].join("."), message: unstorableMessage("A field name") });
      walk(inner, [...at, key], depth + 1);
    }
  };
  walk(value, path, 0);
  return issues;
}
