/**
 * The ZIP map as a contractor reads it: each ZIP area drawn as its outline, filled with its score
 * band's colour (a ZIP without an outline keeps its dot), Interstates and water for orientation,
 * the best ZIPs and the largest towns named, the bands' legend with counts, and every ZIP still
 * reachable by keyboard, best score first. The outlines come with the state outlines in one
 * request that names the ZIPs' states.
 */
import type { ZipAreaRow } from "@bis/sdk";
import { render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { statesOfZips } from "../../lib/zip-basemap";
import { austinZipRows } from "../../test/fixtures";
import { serveOutlines } from "../../test/outline-server";
import { ZIP_SCORE_BANDS, zipScoreBand } from "./zip-score-bands";
import { type ZipMapTown, ZipScoreMap } from "./zip-score-map";

const base = austinZipRows[0] as ZipAreaRow;
const row = (
  zip: string,
  place: string,
  state: string,
  score: number,
  lat: number,
  lon: number,
): ZipAreaRow => ({ ...base, zip, place, state, score, lat, lon, reasons: "many households" });

/** Around Manhattan: four ZIPs with outlines (two states), one without (a PO-box ZIP). */
const rows: ZipAreaRow[] = [
  row("10001", "New York", "NY", 86, 40.7506, -73.9972),
  row("10002", "New York", "NY", 64, 40.7157, -73.9863),
  row("11201", "Brooklyn", "NY", 47, 40.6937, -73.9897),
  row("07030", "Hoboken", "NJ", 22, 40.745, -74.0279),
  row("10008", "New York", "NY", 70, 40.7514, -73.9986),
];
const towns: ZipMapTown[] = [
  { name: "New York", lat: 40.7128, lon: -74.006, population: 8_336_817 },
  { name: "Jersey City", lat: 40.7178, lon: -74.0431, population: 292_449 },
  { name: "Hoboken", lat: 40.745, lon: -74.0279, population: 58_340 },
];
const props = {
  target: { name: "New York, NY", lat: 40.7128, lon: -74.006 },
  primaryRadiusMiles: 10,
  secondaryRadiusMiles: 15,
  rows,
  towns,
};

let requested: string[] = [];
beforeEach(() => {
  requested = serveOutlines();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The drawn ZIP outlines, by ZIP: their fill colour. */
const areas = (container: HTMLElement) =>
  Object.fromEntries(
    [...container.querySelectorAll<SVGPathElement>("path.bis-zip-area")].map((p) => [
      p.getAttribute("data-zip"),
      p.getAttribute("fill"),
    ]),
  );

describe("ZipScoreMap", () => {
  it("draws each ZIP as its outline in its band's colour, with Interstates and water", async () => {
    const { container } = render(<ZipScoreMap {...props} />);
    await waitFor(() => expect(Object.keys(areas(container))).toHaveLength(4));
    expect(areas(container)).toEqual({
      "10001": "#15803d",
      "10002": "#65a30d",
      "11201": "#d97706",
      "07030": "#94a3b8",
    });
    for (const [zip, fill] of Object.entries(areas(container)))
      expect(fill).toBe(zipScoreBand(rows.find((r) => r.zip === zip)?.score ?? 0).color);
    // One request: the state outlines in view and the ZIP layers of New York and New Jersey.
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatch(/(^|,)36(,|&)/);
    expect(requested[0]).toMatch(/&zips=34,36$/);
    // Orientation: Interstates and water (the Hudson, the coast) are drawn.
    expect(container.querySelectorAll("path.bis-interstate").length).toBeGreaterThan(0);
    expect(container.querySelectorAll("path.bis-water").length).toBeGreaterThan(0);
    // A ZIP without an outline keeps its dot; the outlined ones hide theirs until focused.
    const marker = (zip: string) => container.querySelector(`.bis-zip-marker[data-zip="${zip}"]`);
    expect(marker("10008")?.classList.contains("bis-zip-outlined")).toBe(false);
    expect(marker("10001")?.classList.contains("bis-zip-outlined")).toBe(true);
    expect(container.querySelector(".leaflet-control-attribution")?.textContent).toMatch(
      /ZIP areas, Interstates: U\.S\. Census Bureau/,
    );
  });

  it("names the best ZIPs and the largest towns, without overlapping labels", async () => {
    const { container } = render(<ZipScoreMap {...props} />);
    await waitFor(() => expect(Object.keys(areas(container))).toHaveLength(4));
    const shown = (kind: string) =>
      [...container.querySelectorAll(`.bis-zip-label-${kind}:not(.bis-label-hidden)`)].map(
        (e) => e.textContent,
      );
    expect(shown("zip")[0]).toBe("10001");
    expect(shown("zip").length).toBeGreaterThan(0);
    expect(shown("town")).toContain("New York");
    // Labels are for the eye: screen readers hear the markers' names.
    for (const label of container.querySelectorAll(".bis-zip-label"))
      expect(label.getAttribute("aria-hidden")).toBe("true");
  });

  it("keeps every ZIP reachable by keyboard, best score first, its tooltip on focus", async () => {
    const { container } = render(<ZipScoreMap {...props} />);
    await waitFor(() => expect(Object.keys(areas(container))).toHaveLength(4));
    const buttons = screen.getAllByRole("button", { name: /^ZIP \d{5}/ });
    expect(buttons.map((b) => b.dataset.zip)).toEqual([
      "10001",
      "10008",
      "10002",
      "11201",
      "07030",
    ]);
    const best = screen.getByRole("button", {
      name: "ZIP 10001, New York, NY: score 86 of 100 — many households",
    });
    best.focus();
    await waitFor(() =>
      expect(container.querySelector(".leaflet-tooltip")?.textContent).toContain("10001"),
    );
  });

  it("has a legend of the four score bands with their counts, and a key to the map", () => {
    render(<ZipScoreMap {...props} />);
    const bands = within(screen.getByRole("list", { name: "Opportunity score bands" }));
    const items = bands.getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual([
      "Score 80–100(1 ZIP)",
      "Score 60–79(2 ZIPs)",
      "Score 40–59(1 ZIP)",
      "Score 0–39(1 ZIP)",
    ]);
    expect(ZIP_SCORE_BANDS).toHaveLength(4);
    const key = within(screen.getByRole("list", { name: "Map key" }));
    expect(key.getByText("Interstate")).toBeTruthy();
    expect(key.getByText("Water")).toBeTruthy();
    expect(key.getByText(/without an outline/)).toBeTruthy();
  });

  it("keeps the dots when the outlines fail to load", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal("fetch", async () => new Response("", { status: 503 }));
    const { container } = render(<ZipScoreMap {...props} />);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(container.querySelectorAll("path.bis-zip-area")).toHaveLength(0);
    expect(container.querySelectorAll(".bis-zip-marker:not(.bis-zip-outlined)")).toHaveLength(5);
  });

  it("finds the state files of ZIP codes by their prefix", () => {
    expect(statesOfZips(["10001", "07030", "06830", "19103"])).toEqual(["09", "34", "36", "42"]);
    expect(statesOfZips(["00000"])).toEqual([]);
  });
});
