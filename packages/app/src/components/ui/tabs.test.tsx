/**
 * Tabs (WAI-ARIA tabs pattern): roving focus with the arrow keys, Home and End, the selected
 * panel labelled by its tab, and a tab list that wraps on narrow screens rather than scrolling
 * tabs out of view (a tab nobody can see is a tab nobody finds).
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Tabs } from "./tabs";

const ITEMS = [
  { value: "users", label: "User Management" },
  { value: "searches", label: "Past Searches" },
  { value: "logs", label: "Logs" },
] as const;

function Harness() {
  const [value, setValue] = useState<(typeof ITEMS)[number]["value"]>("users");
  return (
    <Tabs label="Administration" items={ITEMS} value={value} onValueChange={setValue}>
      <p>Panel of {value}</p>
    </Tabs>
  );
}

describe("Tabs", () => {
  it("wraps its list instead of scrolling tabs out of view", () => {
    render(<Harness />);
    const list = screen.getByRole("tablist", { name: "Administration" });
    expect(list.className).toContain("flex-wrap");
    expect(list.parentElement?.className ?? "").not.toContain("overflow-x-auto");
  });

  it("moves focus and selection with the arrow keys, Home and End", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    await user.tab();
    expect(document.activeElement).toBe(tabs[0]);
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]?.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Past Searches" }).textContent).toBe(
      "Panel of searches",
    );
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(tabs[2]);
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(tabs[0]);
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(tabs[2]);
    await user.keyboard("{Home}");
    expect(screen.getByRole("tabpanel", { name: "User Management" })).toBeTruthy();
  });
});
