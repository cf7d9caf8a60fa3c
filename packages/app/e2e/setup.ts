/** Per test file: start the real server, mailbox and browser before, stop them after. */
import { afterAll, beforeAll } from "vitest";
import { startE2E, stopE2E } from "./harness.js";

beforeAll(async () => {
  await startE2E();
}, 60_000);

afterAll(async () => {
  await stopE2E();
}, 30_000);
