/** The free market analysis over HTTP, on the embedded place data. */
import { BisApiError } from "@bis/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analysisFor,
  austinRequest,
  me,
  paidAnalysisFor,
  type ServerWithUsers,
  signedInUser,
  startWithUsers,
} from "./support/index.js";

// Set in beforeAll.
let { bis, admin, owner, other, close } = {} as ServerWithUsers;
beforeAll(async () => {
  ({ bis, admin, owner, other, close } = await startWithUsers("Owen"));
}, 60_000);
afterAll(() => close?.());

describe("POST /api/market-analysis/analyze", () => {
  it("analyzes a city and stores every field of the spec with provenance and assumptions", async () => {
    const result = await owner.analyses.analyze(austinRequest);
    expect(result.location).toBe("Austin, TX");
    expect(result.marketSize).toBeGreaterThan(500_000);
    expect(result.households).toBeGreaterThan(150_000);
    expect(result.avgRevenue).toBeGreaterThan(100);
    // Population is the 2020 Census count of the tracts in range; households a modeled ratio.
    expect(result.provenance?.population).toMatchObject({
      grade: "measured",
      vintage: "2020 Census",
    });
    expect(result.provenance?.households).toMatchObject({ grade: "modeled" });
    expect(result.provenance?.revenue?.method).toMatch(/households × equipment share/);

    const analysis = await owner.analyses.get(result.analysis.id);
    expect(analysis).toMatchObject({
      location: "Austin, TX",
      industry: "HVAC",
      primaryRadius: 10,
      secondaryRadius: 15,
      isPaid: false,
      marketAnalysisCompleted: true,
      keywordResearchCompleted: false,
      competitionAnalysisCompleted: false,
      keywordResearchData: null,
      competitionAnalysisData: null,
    });
    // A free analysis has its opportunity score: demand, and competition from the ZIP Business
    // Patterns contractors in range; cost to acquire waits for keyword research.
    const score = analysis.opportunityScore as {
      score: number;
      components: { key: string; detail: string }[];
      missing?: string[];
    } | null;
    expect(score?.components.map((c) => c.key)).toEqual(["demand", "supply"]);
    expect(score?.components[1]?.detail).toMatch(/contractors per 10,000 households/);
    expect(score?.missing).toEqual(["cost"]);
    expect(score?.score).toBeGreaterThan(0);
    const data = analysis.marketAnalysisData;
    expect(data).toMatchObject({
      requestLocation: "Austin, TX",
      requestIndustry: "HVAC",
      requestPrimaryRadius: 10,
      requestSecondaryRadius: 15,
      marketSize: result.marketSize,
      households: result.households,
      avgRevenue: result.avgRevenue,
    });
    expect(data?.censusData.totalHousingUnits).toBeGreaterThan(data?.households ?? 0);
    expect(data?.censusData.singleFamilyUnits).toBeGreaterThan(0);
    expect(data?.censusData.commercialUnits).toBeGreaterThan(0);
    const cities = data?.cityAnalysis.cityBreakdown ?? [];
    expect(cities[0]).toMatchObject({ name: "Austin", serviceArea: "primary", distanceMiles: 0 });
    expect(cities.some((c) => c.serviceArea === "secondary")).toBe(true);
    expect(data?.serviceBreakdown.length).toBe(9);
    // Austin (about 1,700 heating degree days) is too warm for boilers; every other service sells.
    const boilers = ["boiler-replacement", "boiler-repair"];
    for (const s of data?.serviceBreakdown ?? []) {
      if (boilers.includes(s.serviceId ?? "")) {
        expect(s.estimatedRevenue).toBe(0);
        continue;
      }
      expect(s.estimatedRevenue).toBeGreaterThan(0);
      expect(s.marketPenetration).toBeGreaterThan(0);
      expect(s.marketPenetration).toBeLessThan(1);
    }
    expect(data?.marketSummary?.totalMarketRevenue).toBe(
      data?.serviceBreakdown.reduce((sum, s) => sum + s.estimatedRevenue, 0),
    );
    for (const figure of [
      "population",
      "households",
      "housingUnits",
      "singleFamilyUnits",
      "commercialUnits",
      "revenue",
    ] as const) {
      expect(data?.provenance?.[figure]?.source.length).toBeGreaterThan(5);
      expect(["measured", "modeled", "sample"]).toContain(data?.provenance?.[figure]?.grade);
    }
    expect(data?.assumptions?.length).toBeGreaterThan(10);
    expect(data?.target).toMatchObject({ name: "Austin", state: "TX", input: "Austin" });
    // Counted from census tracts; the ZIP areas in range are counted in the record.
    expect(data?.marketSummary?.tractsInRange).toBeGreaterThan(200);
    expect(data?.marketSummary?.outsidePlacesPopulation).toBe(0);
    expect(data?.provenance?.population?.method).toMatch(/census tracts whose population centre/);
    expect(data?.zipAreas?.count).toBeGreaterThan(40);
    expect((data?.zipAreas?.primary ?? 0) + (data?.zipAreas?.secondary ?? 0)).toBe(
      data?.zipAreas?.count,
    );
    expect(data?.region).toBe("South");
  });

  it("analyzes Washington, DC (the District of Columbia) on the embedded dataset", async () => {
    const dc = { ...austinRequest, city: "Washington", state: "DC", primaryRadius: 5 };
    const result = await owner.analyses.analyze({ ...dc, secondaryRadius: 10 });
    expect(result.location).toBe("Washington, DC");
    expect(result.households).toBeGreaterThan(0);
    expect(result.marketSize).toBeGreaterThan(0);

    const data = (await owner.analyses.get(result.analysis.id)).marketAnalysisData;
    expect(data).toMatchObject({ requestPrimaryRadius: 5, requestSecondaryRadius: 10 });
    expect(data?.target).toMatchObject({ name: "Washington", state: "DC" });
    // FIPS 11 is in the South census region; the District's own tracts and ZIP areas count.
    expect(data?.region).toBe("South");
    expect(data?.marketSummary?.tractsInRange).toBeGreaterThan(0);
    expect(data?.zipAreas?.count).toBeGreaterThan(0);
    expect(data?.cityAnalysis.cityBreakdown[0]).toMatchObject({ name: "Washington" });
    expect(data?.serviceBreakdown.some((s) => s.estimatedRevenue > 0)).toBe(true);
    // The local market profile: climate, housing stock, equipment and contractors in range.
    const local = data?.localMarket;
    expect(local?.climate.heatingDegreeDays).toBeGreaterThan(0);
    expect(local?.climate.coolingDegreeDays).toBeGreaterThan(0);
    expect(local?.housing.fuel.gas).toBeGreaterThan(0);
    expect(local?.equipment?.kinds.centralAc?.share).toBeGreaterThan(0);
    expect(local?.contractors.establishments).toBeGreaterThan(0);

    // The state by its name, as the API accepts for every state.
    const byName = await owner.analyses.analyze({ ...dc, state: "District of Columbia" });
    expect(byName.location).toBe("Washington, DC");
  });

  it.each([
    ["saint louis", "MO", "St. Louis, MO"],
    ["ST. LOUIS", "MO", "St. Louis, MO"],
    ["Ft. Worth", "TX", "Fort Worth, TX"],
    ["austin city", "Texas", "Austin, TX"],
  ])("geocodes %s, %s as %s", async (city, state, location) => {
    const result = await owner.analyses.analyze({ ...austinRequest, city, state });
    expect(result.location).toBe(location);
  });

  it("answers 422 with suggestions from that state for an unknown city", async () => {
    const error = (await owner.analyses
      .analyze({ ...austinRequest, city: "Austn" })
      .catch((e) => e)) as BisApiError;
    expect(error).toBeInstanceOf(BisApiError);
    expect(error.status).toBe(422);
    expect(error.code).toBe("UNKNOWN_CITY");
    const suggestions = error.details?.suggestions as string[];
    expect(suggestions).toContain("Austin");
    expect(suggestions.length).toBeLessThanOrEqual(5);
    expect(error.serverMessage).toMatch(/couldn't find "Austn" in Texas/);
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ["no state", { state: "" }, "state", "Please select a state"],
    ["no city", { city: "  " }, "city", "Please enter a city"],
    ["no industry", { industry: "" }, "industry", "Please select an industry"],
    [
      "an inactive industry",
      { industry: "Plumbing" },
      "industry",
      "This industry is coming soon: only HVAC can be analyzed today",
    ],
    ["an unknown industry", { industry: "Pool Cleaning" }, "industry", "Please select an industry"],
    [
      "a primary radius of 0",
      { primaryRadius: 0 },
      "primaryRadius",
      "Primary radius must be between 1 and 50 miles",
    ],
    [
      "a primary radius of 51",
      { primaryRadius: 51, secondaryRadius: 60 },
      "primaryRadius",
      "Primary radius must be between 1 and 50 miles",
    ],
    [
      "a secondary radius of 101",
      { secondaryRadius: 101 },
      "secondaryRadius",
      "Secondary radius must be between 1 and 100 miles",
    ],
    [
      "a fractional radius",
      { primaryRadius: 7.5 },
      "primaryRadius",
      "Radius must be a whole number of miles",
    ],
    [
      "a secondary radius below the primary",
      { primaryRadius: 20, secondaryRadius: 10 },
      "secondaryRadius",
      "Secondary radius must be at least the primary radius",
    ],
    ["an unknown state", { state: "ZZ" }, "state", "Unknown state: ZZ"],
    [
      "a radius that is not a number",
      { primaryRadius: "ten" },
      "primaryRadius",
      "Primary radius must be between 1 and 50 miles",
    ],
    [
      "an unknown assumption",
      { assumptions: { "ticket.unicorn": 5 } },
      "assumptions.ticket.unicorn",
      "Unknown assumption: ticket.unicorn",
    ],
  ];
  it.each(bad)("answers 400 for %s", async (_label, change, path, message) => {
    const error = (await owner.analyses
      .analyze({ ...austinRequest, ...change } as never)
      .catch((e) => e)) as BisApiError;
    expect(error.status).toBe(400);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.issues).toContainEqual({ path, message });
  });

  it("answers 400, never 500, for bodies of the wrong shape", async () => {
    for (const body of [
      [],
      "Austin",
      { city: ["Austin"], state: 48 },
      { ...austinRequest, assumptions: "cheap" },
    ]) {
      const res = await owner.fetch(`${bis.url}/api/market-analysis/analyze`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
    }
  });

  it("answers 401 when signed out", async () => {
    const res = await fetch(`${bis.url}/api/market-analysis/analyze`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(austinRequest),
    });
    expect(res.status).toBe(401);
  });
});

describe("reading analyses", () => {
  it("lets the owner and administrators read an analysis, and answers 404 to anyone else", async () => {
    const { analysis } = await owner.analyses.analyze(austinRequest);
    expect((await owner.analyses.get(analysis.id)).id).toBe(analysis.id);
    expect((await admin.analyses.get(analysis.id)).id).toBe(analysis.id);
    const res = await owner.fetch(`${bis.url}/api/market-analysis/${analysis.id}`, {
      method: "GET",
    });
    expect(res.status).toBe(200);
    await expect(other.analyses.get(analysis.id)).rejects.toMatchObject({ status: 404 });
    await expect(other.analyses.get("no-such-id")).rejects.toMatchObject({ status: 404 });
    const anonymous = await fetch(`${bis.url}/api/analyses/${analysis.id}`);
    expect(anonymous.status).toBe(401);
  });

  it("lists only the user's own analyses, newest first", async () => {
    const fresh = await signedInUser(bis, "Lena");
    try {
      const first = await fresh.analyses.analyze(austinRequest);
      const second = await fresh.analyses.analyze({ ...austinRequest, city: "Houston" });
      const list = await fresh.analyses.list();
      expect(list.map((a) => a.id)).toEqual([second.analysis.id, first.analysis.id]);
      expect(list[0]).toMatchObject({
        location: "Houston, TX",
        marketAnalysisCompleted: true,
        isPaid: false,
      });
      expect(list[0]?.totalMarketRevenue).toBeGreaterThan(0);
      expect(await other.analyses.list()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe("re-running with changed assumptions", () => {
  it("recomputes the same analysis with the user's values", async () => {
    const { analysis } = await owner.analyses.analyze(austinRequest);
    const before = await owner.analyses.get(analysis.id);
    const after = await owner.analyses.rerun(analysis.id, {
      assumptions: { "ticket.acRepair": 816 },
    });
    const repair = (a: typeof before) =>
      a.marketAnalysisData?.serviceBreakdown.find((s) => s.serviceId === "ac-repair");
    expect(after.id).toBe(analysis.id);
    // The entered ticket is the user's own price: not scaled by Austin's wage index.
    expect(repair(after)?.averageCost).toBe(816);
    expect(repair(after)?.annualJobs).toBe(repair(before)?.annualJobs);
    expect(repair(after)?.estimatedRevenue).toBeCloseTo(
      (repair(before)?.annualJobs ?? 0) * 816,
      -3,
    );
    expect(repair(before)?.formula).toMatch(
      /\$408 U\.S\. × \(0\.30 \+ 0\.70 × [\d.]+ local wages\)/,
    );
    expect(repair(after)?.formula).toMatch(/× \$816$/);
    expect(
      after.marketAnalysisData?.assumptions?.find((a) => a.key === "ticket.acRepair"),
    ).toMatchObject({
      value: 816,
      defaultValue: 408,
    });
    expect((await owner.analyses.get(analysis.id)).marketAnalysisData?.serviceBreakdown).toEqual(
      after.marketAnalysisData?.serviceBreakdown,
    );
  });

  it("refuses values outside an assumption's range, and other people's analyses", async () => {
    const { analysis } = await owner.analyses.analyze(austinRequest);
    await expect(
      owner.analyses.rerun(analysis.id, { assumptions: { "share.furnace": 2 } }),
    ).rejects.toMatchObject({
      status: 400,
      serverMessage:
        "Households heated mainly by a fuel-fired furnace (gas, propane, oil) must be between 0 and 1",
    });
    await expect(other.analyses.rerun(analysis.id, { assumptions: {} })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("DELETE /api/analyses/:id", () => {
  it("lets the owner delete their analysis: 204, gone from the list, recorded in the audit trail", async () => {
    const keep = await analysisFor(owner);
    const doomed = await analysisFor(owner, { city: "Houston" });
    const response = await owner.fetch(`${bis.url}/api/analyses/${doomed}`, { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    await expect(owner.analyses.get(doomed)).rejects.toMatchObject({ status: 404 });
    const left = (await owner.analyses.list({ limit: 100 })).map((a) => a.id);
    expect(left).toContain(keep);
    expect(left).not.toContain(doomed);
    // A second delete of the same id: it is not there any more.
    await expect(owner.analyses.delete(doomed)).rejects.toMatchObject({ status: 404 });

    const ownerId = (await me(owner)).id;
    const entry = (await admin.admin.audit()).find(
      (e) => e.action === "analysis.delete" && e.targetId === doomed,
    );
    expect(entry).toMatchObject({ actorId: ownerId, targetType: "analysis" });
    expect(entry?.detail).toMatchObject({
      location: "Houston, TX",
      userId: ownerId,
      isPaid: false,
      byOwner: true,
    });
  });

  it("deletes a paid analysis with its payments", async () => {
    const paid = await paidAnalysisFor(owner);
    expect((await admin.admin.payments()).some((p) => p.analysisId === paid)).toBe(true);
    await owner.analyses.delete(paid);
    await expect(owner.analyses.get(paid)).rejects.toMatchObject({ status: 404 });
    expect((await admin.admin.payments()).some((p) => p.analysisId === paid)).toBe(false);
  });

  it("keeps a paid analysis when asked to delete only if unpaid (409), deletes an unpaid one", async () => {
    const paid = await paidAnalysisFor(owner);
    await expect(owner.analyses.delete(paid, { ifUnpaid: true })).rejects.toMatchObject({
      status: 409,
      serverMessage: "This analysis is paid for, so it was not deleted",
    });
    expect((await owner.analyses.get(paid)).isPaid).toBe(true);
    const draft = await analysisFor(owner);
    await owner.analyses.delete(draft, { ifUnpaid: true });
    await expect(owner.analyses.get(draft)).rejects.toMatchObject({ status: 404 });
    const bad = await owner.fetch(`${bis.url}/api/analyses/${paid}?ifUnpaid=maybe`, {
      method: "DELETE",
    });
    expect(bad.status).toBe(400);
    expect((await owner.analyses.get(paid)).id).toBe(paid);
  });

  it("answers 404 to another user and leaves the analysis in place", async () => {
    const id = await analysisFor(owner);
    const response = await other.fetch(`${bis.url}/api/analyses/${id}`, { method: "DELETE" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: "Analysis not found" });
    await expect(other.analyses.delete("no-such-analysis")).rejects.toMatchObject({
      status: 404,
    });
    expect((await owner.analyses.get(id)).id).toBe(id);
  });

  it("lets an administrator delete anyone's analysis, recorded as not by the owner", async () => {
    const id = await analysisFor(owner);
    await admin.analyses.delete(id);
    await expect(owner.analyses.get(id)).rejects.toMatchObject({ status: 404 });
    const entry = (await admin.admin.audit()).find(
      (e) => e.action === "analysis.delete" && e.targetId === id,
    );
    expect(entry).toMatchObject({ actorId: (await me(admin)).id });
    expect(entry?.detail).toMatchObject({ byOwner: false });
  });

  it("answers 401 when signed out", async () => {
    const id = await analysisFor(owner);
    const response = await fetch(`${bis.url}/api/analyses/${id}`, { method: "DELETE" });
    expect(response.status).toBe(401);
    expect((await owner.analyses.get(id)).id).toBe(id);
  });
});
