/**
 * One offer everywhere: on a default install (no competitor data provider: BIS_SAMPLE_DATA off,
 * no Google Places or Yelp key) no surface the server makes promises competition analysis — the
 * public settings, the analysis PDF, the comparison PDF, its CSV and the CLI's comparison — and
 * where competition is offered (labelled sample competitors) the same surfaces offer it. The
 * app's screens are walked the same way in packages/app/src/pages/offer-surfaces.test.tsx.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparisonDoc } from "../../cli/src/ui/comparison-view.js";
import { renderPlain } from "../../cli/src/ui/plain.js";
import { analysisDoc, competitionDoc } from "../../cli/src/ui/views.js";
import {
  analysisFor,
  paidAnalysisFor,
  type ServerWithUsers,
  startWithUsers,
} from "./support/index.js";
import { pageTexts } from "./support/pdf.js";

/**
 * The sentences that name competition analysis, leaving out those that say it is not available
 * yet (a heading and that sentence after it count as one).
 */
function promises(text: string): string[] {
  const sentences = text.split(/(?<=[.!?:])\s+|\n/).map((l) => l.trim());
  return sentences.filter((sentence, i) => {
    if (!/competition analysis/i.test(sentence)) return false;
    const said = `${sentence} ${sentences[i + 1] ?? ""}`;
    return !/not available yet/i.test(said);
  });
}

async function surfaces(s: ServerWithUsers) {
  const paid = await paidAnalysisFor(s.owner);
  await s.owner.premium.keywords(paid);
  const free = await analysisFor(s.owner, { city: "Waco" });
  const report = (await pageTexts(await s.owner.premium.report(paid))).join("\n");
  const saved = await s.owner.comparisons.create({ analysisIds: [paid, free] });
  const comparisonPdf = (await pageTexts(await s.owner.comparisons.export(saved.id, "pdf"))).join(
    "\n",
  );
  const csv = new TextDecoder().decode(await s.owner.comparisons.export(saved.id, "csv"));
  const offer = (await s.owner.settings.public()).premiumOffer ?? null;
  const cli = renderPlain(comparisonDoc(saved, undefined, offer));
  const analysis = await s.owner.analyses.get(paid);
  return { offer, report, comparisonPdf, csv, cli, analysis, saved };
}

describe("on a default install, without a competitor data provider", () => {
  let s: ServerWithUsers;
  let seen: Awaited<ReturnType<typeof surfaces>>;
  beforeAll(async () => {
    s = await startWithUsers("Ofelia", { BIS_SAMPLE_DATA: "false" });
    seen = await surfaces(s);
  }, 120_000);
  afterAll(() => s?.close());

  it("says competition analysis is not offered", () => {
    expect(seen.offer?.find((d) => d.id === "competitionAnalysis")?.deliverable).toBe(false);
  });

  it("promises it nowhere: PDF, comparison PDF, CSV, CLI", () => {
    expect(promises(seen.report)).toEqual([]);
    expect(seen.report).toMatch(/Competition analysis is not available yet/);
    expect(promises(seen.comparisonPdf)).toEqual([]);
    expect(promises(seen.csv)).toEqual([]);
    expect(promises(seen.cli)).toEqual([]);
    // What is offered still is: keyword research completes the free market's score.
    expect(seen.cli).toContain("Would need the premium steps (keyword research)");
  });
});

describe("one opportunity score per market", () => {
  let s: ServerWithUsers;
  let seen: Awaited<ReturnType<typeof surfaces>>;
  beforeAll(async () => {
    s = await startWithUsers("Sol", { BIS_SAMPLE_DATA: "true" });
    seen = await surfaces(s);
    await s.owner.premium.competition(seen.analysis.id);
  }, 120_000);
  afterAll(() => s?.close());

  it("is the same number on the API, the PDF, the comparison and the CLI", async () => {
    const analysis = await s.owner.analyses.get(seen.analysis.id);
    const score = Math.round(analysis.opportunityScore?.score ?? Number.NaN);
    expect(score).toBeGreaterThan(0);
    const report = (await pageTexts(await s.owner.premium.report(analysis.id))).join("\n");
    expect(report).toContain(`${score} / 100`);
    const compared = await s.owner.comparisons.create({
      analysisIds: [analysis.id, ...seen.saved.analysisIds.slice(1)],
    });
    const market = compared.markets.find((m) => m.analysisId === analysis.id);
    expect(Math.round(market?.score?.score ?? Number.NaN)).toBe(score);
    expect(renderPlain(analysisDoc(analysis))).toMatch(
      new RegExp(`Opportunity score:\\s+${score} / 100`),
    );
    expect(renderPlain(competitionDoc(analysis))).toContain(`${score} / 100`);
  });
});

describe("where competition analysis is offered (labelled sample competitors)", () => {
  let s: ServerWithUsers;
  let seen: Awaited<ReturnType<typeof surfaces>>;
  beforeAll(async () => {
    s = await startWithUsers("Oscar", { BIS_SAMPLE_DATA: "true" });
    seen = await surfaces(s);
  }, 120_000);
  afterAll(() => s?.close());

  it("offers it on the same surfaces", () => {
    expect(seen.offer?.find((d) => d.id === "competitionAnalysis")?.deliverable).toBe(true);
    expect(seen.cli).toContain(
      "Would need the premium steps (keyword research and competition analysis)",
    );
    expect(seen.comparisonPdf).toMatch(/keyword research and competition analysis/);
    expect(promises(seen.report).length).toBeGreaterThan(0);
  });
});
