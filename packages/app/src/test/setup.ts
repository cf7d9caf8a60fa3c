import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Testing Library cleans up by itself only with Vitest globals; they are off here. The fake API
// stubs `fetch` per test (see fake-api.ts); the stub goes with the test.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
