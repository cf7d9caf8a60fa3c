/**
 * The results page's map in a real browser, at 1280 and 375 px: the offline outlines of only the
 * states in view, the largest cities labelled without overlap, a tooltip with name and population
 * on keyboard focus, the legend and the scale bar, and the circles refitted after a resize.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage } from "./harness.js";
import { newAccount, runAnalysis, STEP_TIMEOUT, signUpVerified, visible } from "./support.js";

const account = newAccount("map", "Mara", "Mapper");
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

interface AxeLike {
  run(context: unknown): Promise<{
    violations: { id: string; impact?: string | null; nodes: { target: string[] }[] }[];
  }>;
}

let env: E2EEnv;
let page: Page;
let analysisPath = "";
/** The market map's outline requests, by their states (the ZIP map's also name `zips`). */
const outlineRequests: string[] = [];

const mapRegion = () => page.getByRole("region", { name: /Map of the service area around Austin/ });

describe("results map", () => {
  beforeAll(async () => {
    env = getEnv();
    page = await newPage();
    // The states in view come in one request: GET /api/outlines?states=48,…
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/outlines" && !url.searchParams.has("zips"))
        outlineRequests.push(url.searchParams.get("states") ?? "");
    });
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it("runs an analysis for Austin, TX", { timeout: 60_000 }, async () => {
    await signUpVerified(page, env, account);
    analysisPath = await runAnalysis(page, "Austin", "TX");
    expect(analysisPath).toMatch(/^\/analysis\//);
  });

  it("draws the outlines of Texas only, beneath the circles", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const map = mapRegion();
    await visible(map, 15_000);
    await visible(map.locator("path.bis-radius-secondary"), 15_000);
    await visible(map.locator(".leaflet-bisLand-pane path").first(), 15_000);
    await visible(map.locator(".leaflet-bisCounties-pane path").first(), 15_000);
    expect(outlineRequests).toEqual(["48"]);
    await visible(map.getByText("Boundaries: U.S. Census Bureau (us-atlas)"));
  });

  it("names the largest cities at 1280 px, no two labels overlapping", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const labels = await shownLabels();
    expect(labels.length).toBeGreaterThanOrEqual(3);
    expect(labels.length).toBeLessThanOrEqual(5);
    // The largest city other than the target's own is labelled.
    const largest = await largestCity();
    expect(labels.map((l) => l.text)).toContain(largest);
    expect(overlapping(labels)).toEqual([]);
    // No label covers a dot, its own or another's ("Glen●le").
    expect(coveringDots(labels, await dots())).toEqual([]);
    await visible(mapRegion().locator(".bis-target-label", { hasText: "Austin, TX" }));
  });

  it("shows a city's name and population when its marker gets keyboard focus", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    const marker = mapRegion().locator(".bis-city-marker").first();
    const name = (await marker.getAttribute("aria-label")) ?? "";
    expect(name).toMatch(/^[^:]+: [\d,]+ people, (primary|secondary) area$/);
    expect(await marker.getAttribute("role")).toBe("button");
    // Tab from the map itself reaches the city markers (largest first).
    await mapRegion().focus();
    let focused = "";
    for (let i = 0; i < 12 && focused !== name; i += 1) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    }
    expect(focused).toBe(name);
    const city = name.split(":")[0] ?? "";
    const tooltip = page.getByRole("tooltip").filter({ hasText: city });
    await visible(tooltip);
    const people = /([\d,]+) people/.exec(name)?.[1] ?? "";
    expect(await tooltip.textContent()).toContain(city);
    expect(await tooltip.textContent()).toContain(`${people} people`);
    // Leaving the marker closes its tooltip.
    await page.keyboard.press("Tab");
    await tooltip.waitFor({ state: "detached" });
  });

  it("has no serious or critical accessibility violation in the map and its legend", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    // Evaluated through the DevTools protocol, which the page's CSP does not govern.
    await page.evaluate(readFileSync(axePath, "utf8"));
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: AxeLike }).axe;
      const result = await axe.run({
        include: [["[data-testid=market-map]"], ["[aria-label='Map legend']"]],
      });
      return result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    });
    expect(violations).toEqual([]);
  });

  it("has a legend in words and a scale bar in miles", { timeout: STEP_TIMEOUT }, async () => {
    const legend = page.getByRole("list", { name: "Map legend" });
    await visible(legend);
    expect(await legend.getByRole("listitem").allTextContents()).toEqual([
      "Target: Austin, TX",
      "Primary radius: 10 miles (solid line)",
      "Secondary radius: 15 miles (dashed line)",
      expect.stringMatching(/^City in the primary area \(filled dot\): \d+$/),
      expect.stringMatching(/^City in the secondary area \(ring\): \d+$/),
    ]);
    const scale = mapRegion().locator(".leaflet-control-scale-line");
    await visible(scale);
    expect(await scale.textContent()).toMatch(/^\d+ (mi|ft)$/);
  });

  it("refits both circles into the map when the window narrows to 375 px", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(circlesInside, { timeout: 5000 }).toEqual({ primary: true, secondary: true });
    const labels = await shownLabels();
    expect(labels.length).toBeGreaterThanOrEqual(1);
    expect(labels.length).toBeLessThanOrEqual(3);
    expect(overlapping(labels)).toEqual([]);
    expect(coveringDots(labels, await dots())).toEqual([]);
    await visible(page.getByRole("list", { name: "Map legend" }));
    await visible(mapRegion().locator(".leaflet-control-scale-line"));
  });

  it("opens at 375 px with the circles inside and widens back to 1280 px", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.reload();
    await visible(mapRegion().locator("path.bis-radius-secondary"), 15_000);
    await expect.poll(circlesInside, { timeout: 5000 }).toEqual({ primary: true, secondary: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(circlesInside, { timeout: 5000 }).toEqual({ primary: true, secondary: true });
    expect((await shownLabels()).length).toBeGreaterThanOrEqual(3);
  });
});

interface Label {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The permanent city labels on screen, with their boxes. */
async function shownLabels(): Promise<Label[]> {
  return mapRegion()
    .locator(".bis-city-label:not(.bis-label-hidden)")
    .evaluateAll((elements) =>
      elements.map((e) => {
        const r = e.getBoundingClientRect();
        return { text: e.textContent ?? "", x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
}

/** The city and target dots on screen, with their boxes. */
async function dots(): Promise<Label[]> {
  return mapRegion()
    .locator(".bis-city-marker, path.bis-target-marker")
    .evaluateAll((elements) =>
      elements.map((e) => {
        const r = e.getBoundingClientRect();
        const text = e.getAttribute("aria-label") ?? "target";
        return { text, x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
}

/** Labels that cover a dot, by name (a pixel of anti-aliasing is allowed). */
function coveringDots(labels: readonly Label[], marks: readonly Label[]): string[] {
  const covered: string[] = [];
  for (const a of labels) {
    for (const d of marks) {
      if (
        a.x + 1 < d.x + d.width &&
        d.x + 1 < a.x + a.width &&
        a.y + 1 < d.y + d.height &&
        d.y + 1 < a.y + a.height
      )
        covered.push(`${a.text} / ${d.text}`);
    }
  }
  return covered;
}

/** Pairs of labels whose boxes overlap. */
function overlapping(labels: readonly Label[]): string[] {
  const pairs: string[] = [];
  for (const [i, a] of labels.entries()) {
    for (const b of labels.slice(i + 1)) {
      if (
        a.x < b.x + b.width &&
        b.x < a.x + a.width &&
        a.y < b.y + b.height &&
        b.y < a.y + a.height
      )
        pairs.push(`${a.text} / ${b.text}`);
    }
  }
  return pairs;
}

/** The most populous city marked, other than the target's own (named by the target label). */
async function largestCity(): Promise<string> {
  const names = await mapRegion()
    .locator(".bis-city-marker")
    .evaluateAll((elements) => elements.map((e) => e.getAttribute("aria-label") ?? ""));
  return (names.find((n) => !n.startsWith("Austin:")) ?? "").split(":")[0] ?? "";
}

/** Whether each radius circle lies wholly within the map's box. */
async function circlesInside(): Promise<{ primary: boolean; secondary: boolean }> {
  const map = await mapRegion().boundingBox();
  const inside = async (selector: string) => {
    const box = await mapRegion().locator(selector).boundingBox();
    if (!map || !box) return false;
    return (
      box.x >= map.x - 1 &&
      box.y >= map.y - 1 &&
      box.x + box.width <= map.x + map.width + 1 &&
      box.y + box.height <= map.y + map.height + 1
    );
  };
  return {
    primary: await inside("path.bis-radius-primary"),
    secondary: await inside("path.bis-radius-secondary"),
  };
}
