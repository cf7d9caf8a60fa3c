import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/api";
import { fakeApi } from "../../test/fake-api";
import { marketData } from "../../test/fixtures";
import { serveOutlines } from "../../test/outline-server";
import { MapBlock } from "./map-block";
import MarketMap, {
  BASEMAP_ATTRIBUTION,
  MAX_LABELS,
  MAX_LABELS_NARROW,
  type MapCity,
} from "./market-map";

const city = (
  name: string,
  lat: number,
  lon: number,
  population: number | null,
  serviceArea: "primary" | "secondary" = "primary",
): MapCity => ({ name, lat, lon, population, serviceArea });

const props = {
  target: { name: "Austin, TX", lat: 30.2672, lon: -97.7431 },
  primaryRadiusMiles: 10,
  secondaryRadiusMiles: 15,
  cities: [
    city("Sunset Valley", 30.2255, -97.8153, 749),
    city("Pflugerville", 30.4394, -97.62, 65_191, "secondary"),
  ],
  label: "Map of the service area around Austin, TX",
};

/** The permanent labels shown (not left out for lack of room). */
const shownLabels = (container: HTMLElement) =>
  [...container.querySelectorAll(".bis-city-label:not(.bis-label-hidden)")].map(
    (e) => e.textContent,
  );

/** GET /api/outlines answered from the files; the states each request asked for. */
let requested: string[] = [];
beforeEach(() => {
  requested = serveOutlines();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

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
    expect(container.querySelectorAll(".bis-city-primary")).toHaveLength(1);
    expect(container.querySelectorAll(".bis-city-secondary")).toHaveLength(1);

    unmount();
    // Leaflet's remove() takes its panes and its id off the container.
    expect(map.querySelector(".leaflet-map-pane")).toBeNull();
    expect("_leaflet_id" in map).toBe(false);
  });

  it("makes each city a focusable, named marker whose tooltip gives name and population on focus", async () => {
    const { container } = render(<MarketMap {...props} />);
    const marker = await screen.findByRole("button", {
      name: "Pflugerville: 65,191 people, secondary area",
    });
    expect(marker.getAttribute("tabindex")).toBe("0");
    // Largest first in the tab order.
    const markers = [...container.querySelectorAll<HTMLElement>(".bis-city-marker")];
    expect(markers.map((m) => m.getAttribute("aria-label"))).toEqual([
      "Pflugerville: 65,191 people, secondary area",
      "Sunset Valley: 749 people, primary area",
    ]);
    expect(container.querySelector(".leaflet-tooltip")).toBeNull();

    fireEvent.focus(marker);
    const tooltip = await waitFor(() => {
      const open = container.querySelector<HTMLElement>(".leaflet-tooltip");
      if (!open) throw new Error("no tooltip yet");
      return open;
    });
    expect(tooltip.textContent).toBe("Pflugerville65,191 people · secondary area");
    expect(tooltip.getAttribute("role")).toBe("tooltip");
    expect(marker.getAttribute("aria-describedby")).toBe(tooltip.id);
    fireEvent.blur(marker);
    await waitFor(() => expect(container.querySelector(".leaflet-tooltip")).toBeNull());
  });

  it("labels the largest cities, the target's own city by the target label, and never two labels on top of each other", async () => {
    const cities = [
      city("Austin", 30.2672, -97.7431, 961_855),
      city("Round Rock", 30.5083, -97.6789, 119_468, "secondary"),
      city("Pflugerville", 30.4394, -97.62, 65_191, "secondary"),
      // About 30 px east of Pflugerville, where its label would go: Pflugerville's label goes to
      // the left of its dot, not over this one ("Glen●le"), and this one's to the right.
      city("Pflugerville East", 30.4394, -97.58, 60_000, "secondary"),
      // On Pflugerville's dot: each side of it is taken, by a label or a dot.
      city("Pflugerville Mill", 30.4395, -97.6199, 59_000, "secondary"),
      city("Cedar Park", 30.5052, -97.8203, 77_595, "secondary"),
      city("San Marcos", 29.8833, -97.9414, 67_553, "secondary"),
      city("Kyle", 29.9891, -97.8772, 45_697),
      city("Buda", 30.0852, -97.8403, 15_108),
      city("Sunset Valley", 30.2255, -97.8153, 749),
      city("Unmeasured", 30.3, -97.7, null),
    ];
    const { container } = render(<MarketMap {...props} cities={cities} />);
    await waitFor(() => expect(container.querySelector(".bis-target-label")).toBeTruthy());
    expect(container.querySelector(".bis-target-label")?.textContent).toBe("Austin, TX");
    const shown = shownLabels(container);
    expect(shown).toHaveLength(MAX_LABELS);
    expect(shown).toEqual([
      "Round Rock",
      "Cedar Park",
      "San Marcos",
      "Pflugerville",
      "Pflugerville East",
    ]);
    const labelOf = (name: string) =>
      [...container.querySelectorAll<HTMLElement>(".bis-city-label")].find(
        (e) => e.textContent === name,
      );
    // Left of its dot (a negative margin from its point), right of it by default.
    expect(Number.parseFloat(labelOf("Pflugerville")?.style.marginLeft ?? "")).toBeLessThan(0);
    expect(Number.parseFloat(labelOf("Pflugerville East")?.style.marginLeft ?? "")).toBe(8);
    // The dropped label stays out of the way, and out of screen readers' way.
    const dropped = labelOf("Pflugerville Mill");
    expect(dropped?.classList.contains("bis-label-hidden")).toBe(true);
    for (const label of container.querySelectorAll(".bis-map-label")) {
      expect(label.getAttribute("aria-hidden")).toBe("true");
    }
  });

  it("labels fewer cities on a narrow map", async () => {
    vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(360);
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(400);
    const cities = [
      city("Round Rock", 30.5083, -97.6789, 119_468, "secondary"),
      city("Cedar Park", 30.5052, -97.8203, 77_595, "secondary"),
      city("Pflugerville", 30.4394, -97.62, 65_191, "secondary"),
      city("Kyle", 29.9891, -97.8772, 45_697),
      city("Buda", 30.0852, -97.8403, 15_108),
    ];
    const { container } = render(<MarketMap {...props} cities={cities} />);
    await waitFor(() => expect(container.querySelectorAll(".bis-city-label")).toHaveLength(5));
    // The largest that fit: three at most below 640 px.
    expect(shownLabels(container)).toHaveLength(MAX_LABELS_NARROW);
    expect(shownLabels(container)[0]).toBe("Round Rock");
  });

  it("has a scale bar in miles", async () => {
    const { container } = render(<MarketMap {...props} />);
    const scale = await waitFor(() => {
      const element = container.querySelector<HTMLElement>(".leaflet-control-scale");
      if (!element) throw new Error("no scale yet");
      return element;
    });
    expect(within(scale).getByText("Scale:").className).toBe("sr-only");
    expect(scale.querySelector(".leaflet-control-scale-line")?.textContent).toMatch(
      /^\d+ (mi|ft)$/,
    );
  });

  it("draws the offline outlines of the states in view when no tiles are configured", async () => {
    const { container } = render(<MarketMap {...props} />);
    await waitFor(
      () => expect(container.querySelector(".leaflet-bisLand-pane path")).toBeTruthy(),
      { timeout: 5000 },
    );
    expect(container.querySelector(".leaflet-bisCounties-pane path")).toBeTruthy();
    expect(container.querySelectorAll(".leaflet-tile")).toHaveLength(0);
    expect(container.textContent).toContain(BASEMAP_ATTRIBUTION);
    // The states in view, in one request (once per state: an earlier test may have loaded it).
    expect(requested.length).toBeLessThanOrEqual(1);
    expect(requested.every((states) => states === "48")).toBe(true);
  });

  it("draws the operator's tile layer, with its credit, instead of the outlines", async () => {
    const { container } = render(
      <MarketMap
        {...props}
        tileUrl="https://tiles.example.test/{z}/{x}/{y}.png"
        tileAttribution="© Example <Tiles>"
      />,
    );
    await waitFor(() =>
      expect(container.querySelector(".leaflet-tile-pane")?.children.length).toBe(1),
    );
    const tile = container.querySelector<HTMLImageElement>(".leaflet-tile");
    expect(tile?.src).toMatch(/^https:\/\/tiles\.example\.test\/\d+\/\d+\/\d+\.png$/);
    const credit = container.querySelector(".leaflet-control-attribution");
    expect(credit?.textContent).toContain("© Example <Tiles>");
    expect(credit?.textContent).not.toContain(BASEMAP_ATTRIBUTION);
    // The outlines are not fetched at all.
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector(".leaflet-bisLand-pane path")).toBeNull();
  });

  it("falls back to the outlines when no tile ever loads", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { container } = render(
      <MarketMap
        {...props}
        tileUrl="https://tiles.example.test/{z}/{x}/{y}.png"
        tileAttribution="T"
      />,
    );
    const tile = await waitFor(() => {
      const img = container.querySelector<HTMLImageElement>(".leaflet-tile");
      if (!img) throw new Error("no tile yet");
      return img;
    });
    fireEvent.error(tile);
    await waitFor(
      () => expect(container.querySelector(".leaflet-bisLand-pane path")).toBeTruthy(),
      { timeout: 5000 },
    );
    expect(container.querySelectorAll(".leaflet-tile")).toHaveLength(0);
    expect(container.textContent).toContain(BASEMAP_ATTRIBUTION);
    expect(errors).toHaveBeenCalledWith("Map tiles failed to load", expect.any(String));
  });
});

describe("MapBlock", () => {
  const renderBlock = () =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MapBlock data={marketData()} tableId="cities" />
      </QueryClientProvider>,
    );

  it("has a legend that says each mark in words, not colour alone", async () => {
    fakeApi({ "GET /api/public/settings": { status: 200, body: {} } });
    renderBlock();
    const legend = screen.getByRole("list", { name: "Map legend" });
    const items = within(legend)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toEqual([
      "Target: Austin, TX",
      "Primary radius: 10 miles (solid line)",
      "Secondary radius: 15 miles (dashed line)",
      expect.stringMatching(/^City in the primary area \(filled dot\): \d+$/),
      expect.stringMatching(/^City in the secondary area \(ring\): \d+$/),
    ]);
    expect(
      screen.getByText(/The largest cities are named on the map\. Point at a city, or reach it/),
    ).toBeTruthy();
    await screen.findByRole("region", { name: /^Map of the service area around Austin, TX/ });
  });

  it("hands the configured tiles from the public settings to the map", async () => {
    fakeApi({
      "GET /api/public/settings": {
        status: 200,
        body: {
          mapTiles: {
            url: "https://tiles.example.test/{z}/{x}/{y}.png",
            attribution: "Example Tiles",
          },
        },
      },
    });
    const { container } = renderBlock();
    expect(screen.getByText("Loading map…")).toBeTruthy();
    await waitFor(
      () =>
        expect(container.querySelector(".leaflet-tile")?.getAttribute("src")).toMatch(
          /^https:\/\/tiles\.example\.test\//,
        ),
      { timeout: 5000 },
    );
    expect(container.textContent).toContain("Example Tiles");
  });
});
