import { render, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import MarketMap, { BASEMAP_ATTRIBUTION } from "./market-map";

const props = {
  target: { name: "Austin, TX", lat: 30.2672, lon: -97.7431 },
  primaryRadiusMiles: 10,
  secondaryRadiusMiles: 15,
  cities: [
    { name: "Sunset Valley", lat: 30.2255, lon: -97.8153, serviceArea: "primary" as const },
    { name: "Pflugerville", lat: 30.4394, lon: -97.62, serviceArea: "secondary" as const },
  ],
  label: "Map of the service area around Austin, TX",
};

describe("MarketMap", () => {
  it("draws both radius circles, the target and the cities once, even in StrictMode", async () => {
    const { container, unmount } = render(
      <StrictMode>
        <MarketMap {...props} describedBy="cities" />
      </StrictMode>,
    );
    const map = container.querySelector("section") as HTMLElement;
    expect(map.getAttribute("aria-label")).toBe(props.label);
    expect(map.getAttribute("aria-describedby")).toBe("cities");
    expect(map.style.height).toBe("400px");
    await waitFor(() => expect(container.querySelectorAll(".bis-radius-primary")).toHaveLength(1));
    expect(container.querySelectorAll(".bis-radius-secondary")).toHaveLength(1);
    expect(container.querySelectorAll(".bis-target-marker")).toHaveLength(1);
    expect(container.querySelectorAll(".bis-city-marker")).toHaveLength(2);
    expect(container.querySelectorAll(".leaflet-tile")).toHaveLength(0);
    expect(container.textContent).toContain(BASEMAP_ATTRIBUTION);

    unmount();
    // Leaflet's remove() takes its panes and its id off the container.
    expect(map.querySelector(".leaflet-map-pane")).toBeNull();
    expect("_leaflet_id" in map).toBe(false);
  });

  it("adds a tile layer only when a tile URL is given", async () => {
    const { container } = render(
      <MarketMap
        {...props}
        tileUrl="http://tiles.invalid/{z}/{x}/{y}.png"
        tileAttribution="Tiles"
      />,
    );
    await waitFor(() =>
      expect(container.querySelector(".leaflet-tile-pane")?.children.length).toBe(1),
    );
    expect(container.textContent).toContain("Tiles");
  });
});
