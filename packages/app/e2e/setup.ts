/**
 * Per test file: start the real server (with the environment the file asked for through
 * `setServerEnv`), mailbox and browser before, stop them after.
 */
import { afterAll, beforeAll } from "vitest";
import { serverEnvOfFile, startE2E, stopE2E } from "./harness.js";

beforeAll(async () => {
  // The file's own server environment, if it asked for one (setServerEnv at its top level).
  await startE2E(serverEnvOfFile());
}, 60_000);

afterAll(async () => {
  await stopE2E();
}, 30_000);
