/**
 * The ZIP Areas card of section 1: counts, rows with their service-area badges, the
 * source and grade, sorting by mouse and keyboard (aria-sort), the CSV and XLSX downloads of every
 * row with how many they hold, and the loading, empty and failed states.
 */
import { ZIP_AREAS_PROVENANCE, type ZipAreaRow } from "@bis/sdk";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { analysisRoute, fakeApi, signedIn } from "../../test/fake-api";
import { analysisFixture, austinZipRows, marketData, zipAreasFixture } from "../../test/fixtures";
import { held } from "../../test/held";
import { renderApp } from "../../test/render-app";
import { zipAreasHeadline, zipDownloadsCaption } from "./zip-areas-card";

vi.mock("../../lib/basemap", () => import("../../test/basemap-stub"));

const ZIPS = "GET /api/analyses/an_123/zip-areas";

async function zipCard() {
  const heading = await screen.findByRole("heading", { name: "ZIP Areas", level: 3 });
  return heading.closest("section") as HTMLElement;
}

/** The ZIP codes of the table's rows, top to bottom. */
function zipOrder(card: HTMLElement): string[] {
  return within(within(card).getByRole("table"))
    .getAllByRole("rowheader")
    .map((h) => h.textContent ?? "");
}

describe("zipAreasHeadline", () => {
  it("says how many populated ZIP areas without households were left out", () => {
    expect(zipAreasHeadline({ count: 108, primary: 60, secondary: 48, withoutHouseholds: 1 })).toBe(
      "108 ZIP areas in range: 60 primary, 48 secondary (1 without households left out)",
    );
    expect(zipAreasHeadline({ count: 5, primary: 3, secondary: 2 })).toBe(
      "5 ZIP areas in range: 3 primary, 2 secondary",
    );
  });
});

describe("ZIP Areas card", () => {
  it("lists every ZIP area with its counts, badges, source and a CSV download", async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(analysisFixture()),
      [ZIPS]: { status: 200, body: zipAreasFixture() },
    });
    renderApp("/analysis/an_123");
    const card = await zipCard();
    const body = within(card);
    expect(await body.findByText("5 ZIP areas in range: 3 primary, 2 secondary")).toBeTruthy();

    // Below the city table, in section 1.
    const cities = screen.getByRole("table", { name: /^Cities in the service area/ });
    expect(cities.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const table = body.getByRole("table", { name: /^ZIP areas in the service area/ });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual([
      "ZIP",
      "Score",
      "Place",
      "Households",
      "Owner-occupied",
      "Built before 1980",
      "Income",
      "Est. revenue / yr",
      "Contractors in ZIP",
      "Contractors within 5 mi",
      "Distance",
      "Service Area",
    ]);
    // Best opportunity first.
    expect(zipOrder(card)).toEqual(["78746", "78704", "78660", "78701", "78664"]);
    const first = within(table).getByRole("rowheader", { name: "78701" }).closest("tr");
    const cells = within(first as HTMLElement)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells).toEqual([
      "52− Lowers the score: 31% owner-occupied",
      "Austin, TX",
      "5,009",
      "3,00560%",
      "30%median 1980–1999",
      "$41,300per capita",
      "$5,009,000",
      "2",
      "124.2 per 10,000 households",
      "0.4 miles",
      "Primary",
    ]);
    // What raises the score and what lowers it, each with its figure; the county's median
    // stands in, and says so, for a ZIP without an income of its own.
    const pflugerville = within(table).getByRole("rowheader", { name: "78660" }).closest("tr");
    const row = within(pflugerville as HTMLElement);
    expect(row.getByText("Raises the score:", { exact: false }).parentElement?.textContent).toBe(
      "+ Raises the score: 33,641 households",
    );
    expect(row.getByText("county median (no ZIP figure)")).toBeTruthy();
    const last = within(table).getByRole("rowheader", { name: "78664" }).closest("tr");
    expect(within(last as HTMLElement).getByText("Secondary")).toBeTruthy();

    // Long lists scroll inside a focusable, named region.
    const region = body.getByRole("region", { name: "ZIP Areas table" });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(table)).toBe(true);

    // Source and grade, as on the other figures.
    expect(body.getByText("Modeled")).toBeTruthy();
    expect(body.getAllByText(new RegExp(ZIP_AREAS_PROVENANCE.vintage)).length).toBeGreaterThan(0);

    // The server's CSV, as a download link (the browser keeps the server's file name), of every
    // row: no limit in the link, and the caption says how many.
    const csv = body.getByRole("link", {
      name: "Download CSV",
      description: "Each file holds all 5 ZIP areas, best score first.",
    });
    expect(csv.getAttribute("href")).toBe("/api/analyses/an_123/zip-areas.csv?sort=score");
    expect(csv.hasAttribute("download")).toBe(true);
    const xlsx = body.getByRole("link", {
      name: "Download XLSX",
      description: "Each file holds all 5 ZIP areas, best score first.",
    });
    expect(xlsx.getAttribute("href")).toBe("/api/analyses/an_123/zip-areas.xlsx?sort=score");
  });

  it("downloads every ZIP area, however many, and says how many the files hold", async () => {
    // 107 ZIP areas: more than any top-N cut, all in the table and all in each file.
    const many = Array.from({ length: 107 }, (_, i) => ({
      ...(austinZipRows[i % austinZipRows.length] as ZipAreaRow),
      zip: String(85001 + i),
    }));
    fakeApi({
      ...signedIn,
      ...analysisRoute(analysisFixture()),
      [ZIPS]: { status: 200, body: zipAreasFixture(many) },
    });
    renderApp("/analysis/an_123");
    const card = await zipCard();
    const body = within(card);
    expect(
      await body.findByText("Each file holds all 107 ZIP areas, best score first."),
    ).toBeTruthy();
    expect(zipOrder(card)).toHaveLength(107);
    for (const format of ["CSV", "XLSX"]) {
      const link = body.getByRole("link", {
        name: `Download ${format}`,
        description: "Each file holds all 107 ZIP areas, best score first.",
      });
      expect(link.getAttribute("href")).not.toMatch(/limit=/);
    }
    expect(zipDownloadsCaption(1)).toBe("Each file holds the 1 ZIP area in range.");
    expect(zipDownloadsCaption(1_234)).toBe(
      "Each file holds all 1,234 ZIP areas, best score first.",
    );
  });

  it("sorts by a column header, by mouse and by keyboard", async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(analysisFixture()),
      [ZIPS]: { status: 200, body: zipAreasFixture() },
    });
    const { user } = renderApp("/analysis/an_123");
    const card = await zipCard();
    await within(card).findByRole("table");
    const header = (name: string) =>
      within(card).getByRole("button", { name }).closest("th") as HTMLElement;

    // The rows come best score first, and the table says so.
    expect(header("Score").getAttribute("aria-sort")).toBe("descending");
    expect(header("Households").getAttribute("aria-sort")).toBeNull();

    await user.click(within(card).getByRole("button", { name: "Households" }));
    expect(header("Households").getAttribute("aria-sort")).toBe("descending");
    expect(header("Score").getAttribute("aria-sort")).toBeNull();
    expect(zipOrder(card)).toEqual(["78660", "78664", "78704", "78746", "78701"]);
    expect(within(card).getByRole("table").querySelector("caption")?.textContent).toBe(
      "ZIP areas in the service area, sorted by Households descending",
    );

    // Keyboard: focus the ZIP header's button, Enter sorts A→Z, Space reverses.
    within(card).getByRole("button", { name: "ZIP" }).focus();
    await user.keyboard("{Enter}");
    expect(header("ZIP").getAttribute("aria-sort")).toBe("ascending");
    expect(zipOrder(card)).toEqual(["78660", "78664", "78701", "78704", "78746"]);
    await user.keyboard(" ");
    expect(header("ZIP").getAttribute("aria-sort")).toBe("descending");
    expect(zipOrder(card)[0]).toBe("78746");

    // Numbers sort largest first on the first click: the farthest first.
    await user.click(within(card).getByRole("button", { name: "Distance" }));
    expect(zipOrder(card)).toEqual(["78664", "78660", "78746", "78704", "78701"]);
  });

  it("shows the record's counts while the rows load", async () => {
    const gate = held();
    fakeApi({
      ...signedIn,
      ...analysisRoute(
        analysisFixture({
          marketAnalysisData: { ...marketData(), zipAreas: { count: 5, primary: 3, secondary: 2 } },
        }),
      ),
      [ZIPS]: async () => {
        await gate.promise;
        return { status: 200, body: zipAreasFixture() };
      },
    });
    renderApp("/analysis/an_123");
    const card = await zipCard();
    expect(within(card).getByText("Loading ZIP areas...")).toBeTruthy();
    expect(within(card).getByText("5 ZIP areas in range: 3 primary, 2 secondary")).toBeTruthy();
    expect(within(card).queryByRole("link", { name: "Download CSV" })).toBeNull();
    gate.release();
    expect(await within(card).findByRole("table")).toBeTruthy();
    expect(within(card).queryByText("Loading ZIP areas...")).toBeNull();
  });

  it("says so when no ZIP area is in range, without a download", async () => {
    fakeApi({
      ...signedIn,
      ...analysisRoute(analysisFixture()),
      [ZIPS]: { status: 200, body: zipAreasFixture([]) },
    });
    renderApp("/analysis/an_123");
    const card = await zipCard();
    expect(await within(card).findByText("No ZIP area lies within the service area.")).toBeTruthy();
    expect(within(card).getByText("0 ZIP areas in range: 0 primary, 0 secondary")).toBeTruthy();
    expect(within(card).queryByRole("table")).toBeNull();
    expect(within(card).queryByRole("link", { name: "Download CSV" })).toBeNull();
  });

  it("reports a failed load and tries again", async () => {
    let calls = 0;
    fakeApi({
      ...signedIn,
      ...analysisRoute(analysisFixture()),
      [ZIPS]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { code: "INTERNAL", message: "Place data unavailable" } }
          : { status: 200, body: zipAreasFixture() };
      },
    });
    const { user } = renderApp("/analysis/an_123");
    const card = await zipCard();
    const alert = await within(card).findByRole("alert");
    expect(alert.textContent).toMatch(/Failed to load the ZIP areas: .*Place data unavailable/);
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await within(card).findByRole("table")).toBeTruthy();
    expect(calls).toBe(2);
  });
});
