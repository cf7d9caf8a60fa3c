import { configDefaults, defineProject } from "vitest/config";

/**
 * The server's integration tests again, on PostgreSQL (issue 14): one throwaway cluster for the
 * run (test/support/postgres.ts `setup`, via scripts/lib/postgres.mjs), one fresh database per
 * test server (`BIS_TEST_ENGINE=postgres` makes startTestServer pass DATABASE_URL), and the
 * multi-instance tests, which need PostgreSQL and run only here.
 *
 * One engine only: `pnpm exec vitest run --project server-pg <file>` (or `--project server`).
 */
export default defineProject({
  test: {
    name: "server-pg",
    include: ["test/*.test.ts", "test/multi-instance/*.test.ts"],
    exclude: [
      ...configDefaults.exclude,
      // No database at all: pure units against local fakes or the embedded data files, which
      // the server project already runs and the engine cannot change.
      "test/accuracy.test.ts",
      "test/local-market.test.ts",
      "test/local-market-sources.test.ts",
      "test/geocoding.test.ts",
      "test/competitor-providers.test.ts",
      "test/upstream-client.test.ts",
      "test/documented-commands.test.ts",
      "test/keyword-season-calibration.test.ts",
      // SQLite's write-ahead log and its checkpoint worker: there is no such thing on PostgreSQL.
      "test/wal-checkpoints.test.ts",
    ],
    environment: "node",
    env: { BIS_TEST_ENGINE: "postgres" },
    globalSetup: ["test/support/postgres.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
