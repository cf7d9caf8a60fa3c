/**
 * The basemap for component tests of whole pages: the outlines are irrelevant there, so the map
 * draws on an empty one (no state is ever in view). Use:
 * `vi.mock("../lib/basemap", () => import("../test/basemap-stub"))`.
 */
import type { StateEntry, StateOutline } from "../lib/basemap";

export const OUTLINE_SOURCE = "stub";
export const STATES: readonly StateEntry[] = [];
export const statesIn = (): StateEntry[] => [];
export const loadState = (entry: StateEntry): Promise<StateOutline> =>
  Promise.reject(new Error(`No outlines in component tests (${entry.name})`));
export const loadStates = (entries: readonly StateEntry[]): Promise<StateOutline>[] =>
  entries.map(loadState);
