/** A whole analysis on the census-api provider, against a local fake of the Census Data API. */
import type { NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeCensus, startFakeCensus } from "./support/fake-census.js";
import { signedInUser, startTestServer, type TestServer } from "./support/index.js";

const acs = (
  population: number,
  households: number,
  housingUnits: number,
  detached: number,
  attached: number,
) => ({
  B01003_001E: String(population),
  B11001_001E: String(households),
  B25001_001E: String(housingUnits),
  B25024_002E: String(detached),
  B25024_003E: String(attached),
  B19013_001E: "-666666666",
});

let census: FakeCensus;
let bis: TestServer;
let user: NodeClient;

beforeAll(async () => {
  census = await startFakeCensus({
    states: [
      {
        fips: "48",
        name: "Texas",
        values: acs(29_243_342, 10_490_553, 11_589_324, 7_500_000, 300_000),
        places: [
          {
            place: "05000",
            name: "Austin city, Texas",
            values: acs(961_855, 420_000, 460_000, 210_000, 20_000),
          },
          {
            place: "63500",
            name: "Round Rock city, Texas",
            values: acs(122_000, 43_000, 45_000, 33_000, 1_000),
          },
          {
            place: "57176",
            name: "Pflugerville city, Texas",
            values: acs(65_000, 22_000, 23_000, 20_000, 500),
          },
          {
            place: "99999",
            name: "Nowhere Special CDP, Texas",
            values: acs(1200, 400, 450, 400, 0),
          },
        ],
      },
    ],
  });
  bis = await startTestServer({ BIS_PLACE_PROVIDER: "census-api", CENSUS_API_URL: census.url });
  user = await signedInUser(bis);
}, 60_000);

afterAll(async () => {
  await user?.close();
  await bis?.close();
  await census?.close();
});

it("runs the analysis on measured ACS figures and says so", async () => {
  const { analysis } = await user.analyses.analyze({
    state: "TX",
    city: "Austin",
    industry: "HVAC",
    primaryRadius: 10,
    secondaryRadius: 25,
  });
  const data = (await user.analyses.get(analysis.id)).marketAnalysisData;
  expect(data?.dataSource?.provider).toBe("census-api");
  for (const figure of ["population", "households", "housingUnits", "singleFamilyUnits"] as const) {
    expect(data?.provenance?.[figure]?.grade).toBe("measured");
    expect(data?.provenance?.[figure]?.source).toMatch(/American Community Survey 5-year 2022/);
  }
  const austin = data?.cityAnalysis.cityBreakdown.find((c) => c.name === "Austin");
  expect(austin).toMatchObject({
    population: 961_855,
    households: 420_000,
    housingUnits: 460_000,
    singleFamilyUnits: 230_000,
  });
  expect(data?.cityAnalysis.cityBreakdown.map((c) => c.name)).toEqual(
    expect.arrayContaining(["Round Rock", "Pflugerville"]),
  );
  // Only Texas was asked for, once per geography level; the next analysis reads the database cache.
  expect(census.requests.map((r) => r.in ?? r.for)).toEqual(["state:48", "state:48"]);
  await user.analyses.analyze({
    state: "TX",
    city: "Round Rock",
    industry: "HVAC",
    primaryRadius: 10,
    secondaryRadius: 25,
  });
  expect(census.requests).toHaveLength(2);
});

it("answers a clear 502 when the Census Data API fails, and works again once it is back", async () => {
  const fresh = await startTestServer({
    BIS_PLACE_PROVIDER: "census-api",
    CENSUS_API_URL: census.url,
  });
  const client = await signedInUser(fresh);
  try {
    census.fail("server-error");
    const error = await client.analyses
      .analyze({
        state: "TX",
        city: "Austin",
        industry: "HVAC",
        primaryRadius: 10,
        secondaryRadius: 15,
      })
      .catch((e) => e);
    expect(error).toMatchObject({ status: 502, code: "UPSTREAM_FAILED" });
    expect(error.serverMessage).toMatch(/Census Data API/);
    census.fail(null);
    const ok = await client.analyses.analyze({
      state: "TX",
      city: "Austin",
      industry: "HVAC",
      primaryRadius: 10,
      secondaryRadius: 15,
    });
    expect(ok.location).toBe("Austin, TX");
  } finally {
    await client.close();
    await fresh.close();
  }
});
