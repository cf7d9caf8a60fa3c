/**
 * The market's year on the results page: a chart with a text alternative, the same figures as a
 * revenue and a jobs table (keyboard-switchable, exact values, the year's total), and nothing on
 * an older record without months.
 */
import { type ClimateShape, computeSeasons } from "@bis/sdk";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MarketYearChart } from "./market-year-chart";

const cooling = [1, 12, 57, 188, 393, 603, 720, 672, 504, 242, 37, 0];
const heating = [247, 145, 82, 19, 0, 0, 0, 0, 0, 5, 96, 283];
const norm = (xs: number[]) => xs.map((x) => x / xs.reduce((a, b) => a + b, 0));
const shape: ClimateShape = {
  kind: "station",
  name: "PHOENIX",
  state: "AZ",
  distanceMiles: 9,
  heating: norm(heating),
  cooling: norm(cooling),
  source: "NOAA NCEI Comparative Climatic Data",
  vintage: "normals",
};
const rate = { kind: "rate" as const, key: "r" };
const seasons = computeSeasons({
  serviceBreakdown: [
    {
      serviceId: "cool",
      serviceName: "Cooling Repair",
      annualJobs: 1200,
      estimatedRevenue: 600_000,
      averageCost: 500,
      marketPenetration: 0.1,
    },
    {
      serviceId: "clean",
      serviceName: "Cleaning",
      annualJobs: 365,
      estimatedRevenue: 36_500,
      averageCost: 100,
      marketPenetration: 0.05,
    },
  ],
  profile: {
    services: [
      {
        id: "cool",
        name: "Cooling Repair",
        shareKeys: [],
        incidence: rate,
        ticketKey: "t",
        season: { follows: "cooling", weatherShareKey: "w" },
      },
      { id: "clean", name: "Cleaning", shareKeys: [], incidence: rate, ticketKey: "t" },
    ],
  },
  assumptions: [{ key: "w", value: 0.9 }],
  climate: { heatingDegreeDays: 900, coolingDegreeDays: 4600 },
  shape,
});

describe("MarketYearChart", () => {
  it("draws revenue by month with a text alternative, the busiest month and the source", () => {
    render(<MarketYearChart seasons={seasons} />);
    expect(screen.getByRole("heading", { name: "The market's year" })).toBeTruthy();
    const chart = screen.getByRole("img");
    expect(chart.querySelector("title")?.textContent).toMatch(/July \$/);
    expect(screen.getByText(/Busiest month July/)).toBeTruthy();
    expect(screen.getByText(/PHOENIX, AZ first-order station, 9 mi/)).toBeTruthy();
  });

  it("shows the same months as tables whose rows sum to the year", async () => {
    const user = userEvent.setup();
    render(<MarketYearChart seasons={seasons} />);
    await user.click(screen.getByRole("button", { name: "Jobs table" }));
    expect(screen.getByRole("button", { name: "Jobs table" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    const table = screen.getByRole("table");
    const row = within(table).getByRole("row", { name: /Cooling Repair/ });
    const cells = within(row)
      .getAllByRole("cell")
      .map((c) => Number(c.textContent?.replace(/,/g, "")));
    expect(cells).toHaveLength(13);
    expect(cells.slice(0, 12).reduce((a, b) => a + b, 0)).toBe(1200);
    expect(cells[12]).toBe(1200);
    await user.click(screen.getByRole("button", { name: "Revenue table" }));
    expect(
      within(screen.getByRole("table")).getByRole("row", { name: /All services/ }),
    ).toBeTruthy();
  });

  it("shows nothing for a record without months", () => {
    const { container } = render(<MarketYearChart seasons={undefined} />);
    expect(container.textContent).toBe("");
  });
});
