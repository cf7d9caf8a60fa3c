import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import { preloadScreens } from "../app-routes";

// Testing Library cleans up by itself only with Vitest globals; they are off here. The fake API
// stubs `fetch` per test (see fake-api.ts); the stub goes with the test.
// The app loads most screens lazily; here they are loaded up front, so a test sees a screen as
// soon as it is opened, as a user does once the screen's chunk is cached.
beforeAll(() => preloadScreens(), 30_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
