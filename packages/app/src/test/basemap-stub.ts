/**
 * The basemap for component tests: the boundary data is big and irrelevant there, so the map
 * draws on an empty one. Use: `vi.mock("../lib/basemap", () => import("../test/basemap-stub"))`.
 */
export const loadBoundaries = async () => ({ type: "FeatureCollection", features: [] });
export const featuresNear = (collection: unknown) => collection;
