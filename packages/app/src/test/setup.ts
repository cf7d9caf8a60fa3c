import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import { preloadScreens } from "../app-routes";
import { preloadToastRegion } from "../components/toast-region";

// Testing Library cleans up by itself only with Vitest globals; they are off here. The fake API
// stubs `fetch` per test (see fake-api.ts); the stub goes with the test.
// The app loads most screens and the toast region lazily; here they are loaded up front, so a
// test sees a screen as soon as it is opened (and a toast as soon as it is shown), as a user
// does once the chunks are cached.
beforeAll(() => Promise.all([preloadScreens(), preloadToastRegion()]), 30_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
