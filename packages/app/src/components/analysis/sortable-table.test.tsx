/**
 * The results page's table box: a named region in the Tab order (axe's
 * scrollable-region-focusable), every data cell naming its column (`data-label`, which the phone
 * layout shows beside the value), the header row kept as a sort bar on phones for sortable
 * tables and left to screen readers otherwise; sorting by mouse and keyboard.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  byNumber,
  byText,
  type SortableColumn,
  SortableTable,
  TableRegion,
} from "./sortable-table";

interface City {
  name: string;
  population: number;
}

const COLUMNS: SortableColumn<City, "name" | "population">[] = [
  {
    key: "name",
    label: "City",
    compare: byText((c) => c.name),
    cell: (c) => c.name,
    rowHeader: true,
  },
  {
    key: "population",
    label: "Population",
    numeric: true,
    compare: byNumber((c) => c.population),
    cell: (c) => c.population.toLocaleString("en-US"),
  },
];

const CITIES: City[] = [
  { name: "Austin", population: 961_855 },
  { name: "Round Rock", population: 119_468 },
  { name: "Pflugerville", population: 65_191 },
];

describe("TableRegion", () => {
  it("is a named region in the Tab order, stacking its table into cards on phones", async () => {
    render(
      <TableRegion label="PPC Opportunities table">
        <table aria-label="PPC Opportunities">
          <tbody>
            <tr>
              <td data-label="CPC">$4.20</td>
            </tr>
          </tbody>
        </table>
      </TableRegion>,
    );
    const region = screen.getByRole("region", { name: "PPC Opportunities table" });
    expect(region.tabIndex).toBe(0);
    await userEvent.tab();
    expect(document.activeElement).toBe(region);
    expect(region.dataset.cards).toBe("true");
    // Phones: rows become cards, each cell shows its column's name; the header row is hidden
    // from sight only.
    expect(region.className).toContain("max-sm:[&_tbody_tr]:block");
    expect(region.className).toContain("max-sm:[&_tbody_td]:before:content-[attr(data-label)]");
    expect(region.className).toContain("max-sm:[&_thead]:[clip-path:inset(50%)]");
  });

  it("can stay a plain scrolling table", () => {
    render(
      <TableRegion label="Wide table" cards={false}>
        <table />
      </TableRegion>,
    );
    const region = screen.getByRole("region", { name: "Wide table" });
    expect(region.dataset.cards).toBeUndefined();
    expect(region.className).not.toContain("max-sm:");
  });
});

describe("SortableTable", () => {
  function renderCities() {
    render(
      <SortableTable
        columns={COLUMNS}
        rows={CITIES}
        rowKey={(c) => c.name}
        caption="Cities in the service area"
        regionLabel="City-by-City Breakdown table"
      />,
    );
    return screen.getByRole("table", { name: /^Cities in the service area/ });
  }

  it("names each data cell's column and keeps its sort buttons on phones", () => {
    renderCities();
    const region = screen.getByRole("region", { name: "City-by-City Breakdown table" });
    expect(region.tabIndex).toBe(0);
    expect(region.className).toContain("max-sm:[&_thead_tr]:flex-wrap");
    expect(region.className).not.toContain("[clip-path:inset(50%)]");
    const cells = screen.getAllByRole("cell");
    expect(cells.map((c) => c.dataset.label)).toEqual(["Population", "Population", "Population"]);
    // The row header is the card's title: it needs no label.
    expect(screen.getAllByRole("rowheader")[0]?.dataset.label).toBeUndefined();
  });

  it("sorts by a column header's button, largest first for numbers, and says so", async () => {
    const table = renderCities();
    const user = userEvent.setup();
    await user.click(within(table).getByRole("button", { name: "Population" }));
    expect(
      within(table).getByRole("columnheader", { name: "Population" }).getAttribute("aria-sort"),
    ).toBe("descending");
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((h) => h.textContent),
    ).toEqual(["Austin", "Round Rock", "Pflugerville"]);
    within(table).getByRole("button", { name: "City" }).focus();
    await user.keyboard("{Enter}");
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((h) => h.textContent),
    ).toEqual(["Austin", "Pflugerville", "Round Rock"]);
    expect(table.querySelector("caption")?.textContent).toBe(
      "Cities in the service area, sorted by City ascending",
    );
  });
});
