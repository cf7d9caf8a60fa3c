/**
 * The CLI's keyword and competition documents show what the results page and the PDF show for
 * the same analysis: the PPC table's rows (the SDK's ppcTable) and the same market leader.
 */
import type { Analysis } from "@bis/sdk";
import { describe, expect, it } from "vitest";
import {
  LEADER_FIXTURE_EXPECTED,
  leaderFixture,
  PPC_FIXTURE_ROWS,
  ppcFixture,
} from "../../../sdk/src/models/view-models.fixture.js";
import type { Block } from "./doc.js";
import { analysisDoc, competitionDoc, keywordsDoc } from "./views.js";

const analysis = (patch: Partial<Analysis>) => ({ location: "Austin, TX", ...patch }) as Analysis;

const tables = (doc: Block[]) =>
  doc.filter((b): b is Extract<Block, { kind: "table" }> => b.kind === "table");

describe("CLI documents of the premium results", () => {
  it("lists the PPC table's keywords, primary then long-tail, as the page and the PDF do", () => {
    const [primary, longTail] = tables(
      keywordsDoc(analysis({ keywordResearchData: ppcFixture() })),
    );
    const keywords = [...(primary?.rows ?? []), ...(longTail?.rows ?? [])].map((r) => r[0]);
    expect(keywords).toEqual(PPC_FIXTURE_ROWS.map((r) => r[0]));
  });

  it("names the same market leader", () => {
    const doc = competitionDoc(analysis({ competitionAnalysisData: leaderFixture() }));
    const fields = doc.flatMap((b) => (b.kind === "fields" ? b.fields : []));
    expect(fields.find((f) => f.label === "Market leader")?.value).toBe(
      LEADER_FIXTURE_EXPECTED.name,
    );
  });
});

describe("the analysis summary", () => {
  it("has no local market profile for an older record without one", () => {
    const doc = analysisDoc(
      analysis({
        id: "an_1",
        createdAt: "2025-03-04T15:00:00.000Z",
        marketAnalysisData: {
          censusData: { totalHousingUnits: 10 },
          cityAnalysis: { cityBreakdown: [] },
          serviceBreakdown: [],
          marketSummary: null,
        } as unknown as Analysis["marketAnalysisData"],
      }),
    );
    expect(doc.some((b) => b.kind === "heading" && b.text === "Local market profile")).toBe(false);
  });
});
