/**
 * The Local market profile of section 1: its rows with values and grade badges, the
 * sources, the keyboard path to a row's source, and nothing at all on an older record.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { analysisRoute, fakeApi, signedIn } from "../../test/fake-api";
import { analysisFixture, austinLocalMarket, marketData } from "../../test/fixtures";
import { renderApp } from "../../test/render-app";

vi.mock("../../lib/basemap", () => import("../../test/basemap-stub"));

const ZIPS = "GET /api/analyses/an_123/zip-areas";

function withProfile() {
  return analysisFixture({
    marketAnalysisData: { ...marketData(), localMarket: austinLocalMarket },
  });
}

describe("Local market profile", () => {
  it("lists the profile's rows with their values, grades and sources, after the ZIP areas", async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(withProfile()),
      [ZIPS]: { status: 503, body: { code: "UNAVAILABLE", message: "down" } },
    });
    renderApp("/analysis/an_123");
    const heading = await screen.findByRole("heading", { name: "Local market profile", level: 3 });
    const card = heading.closest("section") as HTMLElement;
    const zips = screen.getByRole("heading", { name: "ZIP Areas", level: 3 });
    expect(zips.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const row = (key: string) => card.querySelector(`[data-row="${key}"]`) as HTMLElement;
    const text = (key: string) =>
      [...row(key).querySelectorAll("dt, dd")].slice(0, 2).map((e) => e.textContent);
    expect(text("heatingDegreeDays")).toEqual(["Heating degree days", "1,640 (0.4× U.S.)"]);
    expect(text("coolingDegreeDays")).toEqual(["Cooling degree days", "3,130 (2.3× U.S.)"]);
    expect(text("climateZone")).toEqual(["Climate zone", "2A Hot-Humid"]);
    expect(text("builtBefore1980")).toEqual(["Built before 1980", "22%"]);
    expect(text("fuel")).toEqual([
      "Heating fuel",
      "electricity 66%, gas 31%, propane 2%, other or none 1%",
    ]);
    expect(text("ownerOccupied")).toEqual(["Owner-occupied", "46%"]);
    expect(text("singleFamily")).toEqual(["Single-family", "55%"]);
    expect(text("medianHouseholdIncome")).toEqual(["Median household income", "$89,400"]);
    expect(text("contractors")).toEqual(["Contractors in range", "696 (1,284 households each)"]);
    // Where the housing mix came from: a fallback names itself.
    expect(text("metroCoverage")).toEqual([
      "Housing mix from the metro area's tables",
      expect.stringMatching(/^\d+% of homes \(the rest: their state's\)$/),
    ]);
    expect(text("buildingTypes")).toEqual([
      "Homes by building",
      "single-family 55% · 2–4 units 7% · 5+ units 34% · mobile homes 4%",
    ]);
    expect(text("wageIndex")).toEqual([
      "Contractor wages",
      "0.93× U.S. ($62,347 a year per employee against $67,040): tickets' labour share follows it",
    ]);
    expect(card.querySelectorAll("[data-row]")).toHaveLength(18);

    // Each row has its grade badge, named for the row.
    const body = within(card);
    expect(body.getAllByText("Modeled").length).toBe(17);
    expect(body.getAllByText("Measured").length).toBe(1);
    expect(body.getByText(/^Sources: /).textContent).toContain(
      "ZIP Code Business Patterns; 2022; Measured",
    );

    // Each badge is a native <summary> (focusable; Enter opens it in a browser, jsdom needs a
    // click): it opens on the row's source, and Escape closes it.
    const user = userEvent.setup();
    const badge = within(row("contractors"))
      .getByText(/show sources/)
      .closest("summary");
    if (!badge) throw new Error("no badge");
    badge.focus();
    expect(document.activeElement).toBe(badge);
    await user.click(badge);
    const details = badge.closest("details") as HTMLDetailsElement;
    expect(details.open).toBe(true);
    expect(within(details).getByText("ZIP Code Business Patterns")).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(details.open).toBe(false);
  });

  it("shows nothing for an older record without a profile", async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(analysisFixture()),
      [ZIPS]: { status: 503, body: { code: "UNAVAILABLE", message: "down" } },
    });
    renderApp("/analysis/an_123");
    await screen.findByRole("heading", { name: "ZIP Areas", level: 3 });
    expect(screen.queryByRole("heading", { name: "Local market profile" })).toBeNull();
  });
});
