/**
 * The lint that keeps clients on the SDK (`pnpm lint:calls`): what it takes for a raw fetch
 * or a decision on an HTTP status, and what it leaves alone; and the source passes it.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { RAW_FETCH, STATUS_CHECK } from "../../../../scripts/client-rules.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

describe("the client lint", () => {
  it("finds a raw fetch, not a refetch or a prefetch", () => {
    for (const line of [
      "const r = await fetch(url);",
      "fetch(url).then(read)",
      "globalThis.fetch(url, init)",
      "window.fetch (url)",
    ])
      expect(RAW_FETCH.test(line), line).toBe(true);
    for (const line of [
      "void query.refetch();",
      "client.prefetchQuery(options)",
      "await client.fetchQuery(options)",
      "const fetchPage = () => 1;",
    ])
      expect(RAW_FETCH.test(line), line).toBe(false);
  });

  it("finds a status compared with a number, not a status word or a code", () => {
    for (const line of [
      "if (error.status === 404) return null;",
      "error.status >= 500",
      "if (403 === err?.status) deny();",
      "isStatus(error, 409)",
    ])
      expect(STATUS_CHECK.test(line), line).toBe(true);
    for (const line of [
      'if (lead.status === "pending") confirm();',
      'query.status !== "error"',
      'hasErrorCode(error, "NOT_FOUND")',
      "const statusText = 404;",
    ])
      expect(STATUS_CHECK.test(line), line).toBe(false);
  });

  it("passes on the app, widget and CLI source", () => {
    const run = spawnSync(process.execPath, ["scripts/check-source.mjs", "calls"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
