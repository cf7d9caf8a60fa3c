/**
 * The source note of a figure: it opens by keyboard or click as a note laid over the
 * page (absolutely placed, so the card and its row keep their size), closes with Escape (focus
 * back on the badge) or a press elsewhere, and opens towards the left when there is no room on
 * the right.
 */
import type { FigureProvenance } from "@bis/sdk";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Figure } from "./figure";

const MODELED: FigureProvenance = {
  grade: "modeled",
  source: "Census ACS 5-year, tract B25024",
  vintage: "2023",
  method: "Households × owner share",
} as FigureProvenance;

function renderFigures() {
  render(
    <dl>
      <Figure label="Target Households" value="312,004" provenance={MODELED} />
      <Figure label="Total Market Size" value="1,133,742" />
      <button type="button">Elsewhere</button>
    </dl>,
  );
  const summary = screen.getByText(/show sources/).closest("summary") as HTMLElement;
  const details = summary.closest("details") as HTMLDetailsElement;
  return { summary, details };
}

afterEach(() => vi.restoreAllMocks());

describe("ProvenanceBadge", () => {
  // Enter and Space open it in a browser (the native <summary>; the browser test checks it):
  // jsdom does not, so this one clicks.
  it("opens as a note over the page, and Escape closes it", async () => {
    const user = userEvent.setup();
    const { summary, details } = renderFigures();
    vi.spyOn(document.documentElement, "clientWidth", "get").mockReturnValue(1280);
    expect(summary.textContent).toContain("Target Households: Modeled");
    await user.click(summary);
    expect(details.open).toBe(true);
    const note = details.querySelector("dl") as HTMLElement;
    expect(screen.getByText("Census ACS 5-year, tract B25024")).toBeTruthy();
    // Laid over the page: the card does not grow with it.
    expect(note.className).toMatch(/\babsolute\b/);
    expect(note.className).toContain("left-0");

    await user.keyboard("{Escape}");
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);
  });

  it("closes when the user presses elsewhere, not when inside the note", async () => {
    const user = userEvent.setup();
    const { summary, details } = renderFigures();
    await user.click(summary);
    expect(details.open).toBe(true);
    await user.click(screen.getByText("Census ACS 5-year, tract B25024"));
    expect(details.open).toBe(true);
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(details.open).toBe(false);
  });

  it("opens towards the left near the window's right edge", () => {
    const { details } = renderFigures();
    vi.spyOn(document.documentElement, "clientWidth", "get").mockReturnValue(375);
    vi.spyOn(details, "getBoundingClientRect").mockReturnValue({ left: 275 } as DOMRect);
    details.open = true;
    fireEvent(details, new Event("toggle"));
    expect((details.querySelector("dl") as HTMLElement).className).toContain("right-0");
  });
});
