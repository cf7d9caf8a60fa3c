/**
 * The premium steps in a real browser against the real server (demo payments, the embedded
 * keyword model, labelled sample competitors): a verified user runs an analysis of Austin, TX,
 * buys premium in demo mode, runs keyword research (the PPC table sorted by volume), then
 * competition analysis (the table with the market leader, labelled "Sample data"), and
 * downloads the PDF report.
 *
 * The e2e server runs with NODE_ENV=production, where sample competitors are off by default:
 * this file turns them on for its own server.
 *
 * Steps share one page and run in order; each starts where the previous one ended.
 */
import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2EEnv, getEnv, newPage, setServerEnv } from "./harness.js";
import {
  newAccount,
  overflowsHorizontally,
  runAnalysis,
  STEP_TIMEOUT,
  signUpVerified,
  toastIn,
  visible,
  waitForPath,
} from "./support.js";

setServerEnv({ BIS_SAMPLE_DATA: "true" });

const account = newAccount("premium", "Pat", "Premium");

let env: E2EEnv;
let page: Page;
let analysisPath = "";
let analysisId = "";

interface PpcRow {
  group: string;
  keyword: string;
  volume: number;
  cpc: string;
  budget: string;
}

const dollars = (text: string) => Number(text.replace(/[$,]/g, ""));

async function ppcRows(table: Locator): Promise<PpcRow[]> {
  return table.locator("tr[data-group]").evaluateAll((rows) =>
    rows.map((row) => {
      const tr = row as HTMLTableRowElement;
      const cell = (i: number) => tr.cells[i]?.textContent?.trim() ?? "";
      return {
        group: tr.dataset.group ?? "",
        keyword: tr.cells[0]?.firstChild?.textContent?.trim() ?? "",
        volume: Number(cell(1).replace(/,/g, "")),
        cpc: cell(2),
        budget: cell(3),
      };
    }),
  );
}

/**
 * Starts recording every toast the page shows (title and description as one text), in order:
 * the steps answer fast, and one toast replaces the other (one at a time), so waiting for each
 * in turn would race.
 */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __toasts: string[]; __toastObserver?: MutationObserver };
    w.__toastObserver?.disconnect();
    w.__toasts = [];
    const selector = '[aria-label="Notifications (F8)"] li';
    const seen = new WeakSet<Element>();
    // The toast already on screen may be rendered again (a new node, same text): not new.
    const before = new Set(
      Array.from(document.querySelectorAll(selector), (toast) => toast.textContent ?? ""),
    );
    const collect = () => {
      for (const toast of document.querySelectorAll(selector)) {
        if (seen.has(toast)) continue;
        seen.add(toast);
        const text = toast.textContent ?? "";
        if (!before.has(text)) w.__toasts.push(text);
      }
    };
    w.__toastObserver = new MutationObserver(collect);
    w.__toastObserver.observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

function descending(values: number[]): boolean {
  return values.every((v, i) => i === 0 || (values[i - 1] ?? 0) >= v);
}

/** The value of a headline figure inside a section: the <dd> after its <dt>. */
function figure(scope: Locator, label: string): Locator {
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  return scope.locator("dt", { hasText: exact }).locator("xpath=following-sibling::dd[1]");
}

describe("premium steps", () => {
  beforeAll(async () => {
    env = getEnv();
    page = await newPage();
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it("signs up, runs an analysis of Austin, TX and buys premium in demo mode", {
    timeout: 90_000,
  }, async () => {
    await signUpVerified(page, env, account);
    analysisPath = await runAnalysis(page, "Austin", "TX");
    analysisId = analysisPath.split("/").at(-1) ?? "";
    expect(analysisId).not.toBe("");
    // Before payment: no report, and the premium steps say why they cannot start.
    expect(await page.getByRole("link", { name: "Download PDF Report" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Start Keyword Research" }).isDisabled()).toBe(
      true,
    );

    await page.getByRole("link", { name: "Learn More About Premium Services" }).click();
    await waitForPath(page, `/checkout/${analysisId}`);
    await page.getByRole("button", { name: "Complete Demo Purchase" }).click();
    await waitForPath(page, analysisPath);
    await visible(toastIn(page, "Payment Successful"), STEP_TIMEOUT);
    await visible(page.getByRole("link", { name: "Download PDF Report" }));
  });

  it("runs keyword research: toasts, then the PPC table sorted by volume", {
    timeout: 60_000,
  }, async () => {
    const start = page.getByRole("button", { name: "Start Keyword Research" });
    await visible(start);
    expect(await start.isEnabled()).toBe(true);
    // Competition waits for keyword research.
    expect(
      await page.getByRole("button", { name: "Start Competition Analysis" }).isDisabled(),
    ).toBe(true);
    const toasts = await recordToasts(page);
    await start.click();
    await visible(toastIn(page, "View Your Results"), STEP_TIMEOUT);
    const all = await toasts();
    const shown = all.slice(all.findIndex((t) => t.startsWith("Starting Keyword Research")));
    expect(shown, JSON.stringify(all)).toHaveLength(3);
    expect(shown[0]).toMatch(/^Starting Keyword ResearchProcessing \d+ cities for HVAC industry/);
    expect(shown[1]).toMatch(/^Keyword Research CompleteProcessed [\d,]+ keywords successfully\./);
    expect(shown[2]).toMatch(/^View Your Results/);

    const table = page.getByRole("table", { name: "PPC Opportunities" });
    await visible(table);
    const rows = await ppcRows(table);
    expect(rows.length).toBeGreaterThan(0);
    const primary = rows.filter((r) => r.group === "primary");
    const longTail = rows.filter((r) => r.group === "longTail");
    expect(primary.length).toBeGreaterThan(0);
    // Sorted by volume within each group, long-tail after primary, every volume above 0.
    expect(descending(primary.map((r) => r.volume))).toBe(true);
    expect(descending(longTail.map((r) => r.volume))).toBe(true);
    expect(rows.findIndex((r) => r.group === "longTail")).not.toBe(0);
    expect(rows.every((r) => r.volume > 0)).toBe(true);
    // No keyword twice.
    const keys = rows.map((r) => r.keyword.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
    // CPC to 2 decimals; budget = volume × CPC × 0.1 in whole dollars.
    for (const row of rows) {
      expect(row.cpc).toMatch(/^\$[\d,]+\.\d{2}$/);
      expect(row.budget).toMatch(/^\$[\d,]+$/);
      expect(Math.abs(dollars(row.budget) - row.volume * dollars(row.cpc) * 0.1)).toBeLessThan(
        row.volume * 0.005 * 0.1 + 1,
      );
    }

    // The section subtitle and the progress dashboard say the real count.
    const section = page.getByRole("button", { name: /^Keyword Research/ });
    const total = (await figure(page.locator("main"), "Total Keywords").textContent()) ?? "";
    expect(total).toMatch(/^[\d,]+$/);
    expect(await section.textContent()).toContain(`${total} keywords researched`);
    const progress = page.getByRole("region", { name: "Progress" });
    expect((await figure(progress, "Total keywords").textContent())?.trim()).toBe(total);
    expect(await progress.getByText("22 keywords").count()).toBe(0);
    expect(await page.getByText("188 keywords").count()).toBe(0);
  });

  it("runs competition analysis: toasts, then the table with the leader, labelled sample", {
    timeout: 60_000,
  }, async () => {
    const start = page.getByRole("button", { name: "Start Competition Analysis" });
    expect(await start.isEnabled()).toBe(true);
    const toasts = await recordToasts(page);
    await start.click();
    await visible(toastIn(page, "Competition Analysis Ready"), STEP_TIMEOUT);
    const all = await toasts();
    const shown = all.slice(all.findIndex((t) => t.startsWith("Starting Competition Analysis")));
    expect(shown, JSON.stringify(all)).toHaveLength(3);
    expect(shown[0]).toMatch(
      /^Starting Competition AnalysisAnalyzing competitive landscape for Austin, TX/,
    );
    expect(shown[1]).toMatch(
      /^Competition Analysis CompleteSuccessfully analyzed competitive landscape\. Refreshing data\.\.\./,
    );
    expect(shown[2]).toMatch(/^Competition Analysis Ready/);

    const table = page.getByRole("table", { name: "Competitors" });
    await visible(table);
    const leaderRow = table.locator('tr[data-leader="true"]');
    expect(await leaderRow.count()).toBe(1);
    const leaderName = (await leaderRow.locator("th").first().textContent()) ?? "";
    const marketLeader = (await figure(page.locator("main"), "Market Leader").textContent()) ?? "";
    expect(marketLeader.trim()).not.toBe("");
    expect(leaderName).toContain(marketLeader.trim());
    expect(await table.locator("tbody tr").count()).toBeGreaterThan(1);
    await visible(page.getByRole("note", { name: "Sample data" }));

    const progress = page.getByRole("region", { name: "Progress" });
    expect((await figure(progress, "Competitors").textContent())?.trim()).toMatch(/^[\d,]+$/);
    await visible(page.getByRole("region", { name: "Opportunity Score", exact: true }));
  });

  it("keeps the results on reload: section 3 collapsed, section 2 open", {
    timeout: STEP_TIMEOUT,
  }, async () => {
    await page.reload();
    await visible(page.getByRole("table", { name: "PPC Opportunities" }));
    const competition = page.getByRole("button", { name: /^Competition Analysis/ });
    expect(await competition.getAttribute("aria-expanded")).toBe("false");
    await competition.click();
    await visible(page.getByRole("table", { name: "Competitors" }));
    // The wide tables scroll inside their own boxes: the page does not scroll sideways.
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("downloads the PDF report", { timeout: 60_000 }, async () => {
    const link = page.getByRole("link", { name: "Download PDF Report" });
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toBe(`/api/analyses/${analysisId}/report.pdf`);

    const response = await page.context().request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/pdf");
    const body = await response.body();
    expect(body.length).toBeGreaterThan(1000);
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // The link itself downloads the file.
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const file = await download.path();
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });
});
