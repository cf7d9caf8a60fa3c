/** The service area map: the places in range, both radii and the target, drawn offline. */
import type { Analysis } from "@bis/sdk";
import { formatNumber, pdfText } from "../format.js";
import { COLORS, FONT, type ReportWriter } from "../layout.js";
import { drawLocator, drawMapLegend, drawServiceAreaMap, type MapInput } from "../map.js";

import { type ReportContext, SECTION_TITLES } from "./context.js";

export function mapInput(analysis: Analysis): MapInput | null {
  const market = analysis.marketAnalysisData;
  if (!market) return null;
  const places = market.cityAnalysis.cityBreakdown.flatMap((c) =>
    c.lat === undefined || c.lon === undefined
      ? []
      : [
          {
            name: c.cityName ?? c.name,
            lat: c.lat,
            lon: c.lon,
            serviceArea: c.serviceArea,
            population: c.population,
          },
        ],
  );
  const target =
    market.target ??
    (() => {
      const nearest = market.cityAnalysis.cityBreakdown.find(
        (c) => c.distanceMiles === 0 && c.lat !== undefined && c.lon !== undefined,
      );
      return nearest?.lat !== undefined && nearest.lon !== undefined
        ? { name: nearest.name, state: nearest.state ?? "", lat: nearest.lat, lon: nearest.lon }
        : null;
    })();
  if (!target) return null;
  return {
    target: { name: target.name, state: target.state, lat: target.lat, lon: target.lon },
    primaryRadiusMiles: market.requestPrimaryRadius,
    secondaryRadiusMiles: market.requestSecondaryRadius,
    places,
  };
}

export function drawMap(w: ReportWriter, ctx: ReportContext): void {
  w.newPage();
  w.sectionTitle(SECTION_TITLES.map);
  const input = mapInput(ctx.analysis);
  if (!input) {
    w.banner(
      "Map not available: this analysis has no coordinates for its target (it was run before BIS recorded them). Re-run the analysis to include the map.",
      "muted",
    );
    return;
  }
  const frame = { x: w.left, y: w.y, width: w.width, height: 420 };
  drawServiceAreaMap(w.doc, frame, input);
  const below = frame.y + frame.height + 12;
  const locator = { x: w.right - 150, y: below, width: 150, height: 96 };
  drawLocator(w.doc, locator, input.target);
  const legendHeight = drawMapLegend(w.doc, w.left, below, w.width - 170, input);
  w.y = below + legendHeight + 8;
  w.doc.font(FONT.regular).fontSize(8.5);
  w.doc
    .fillColor(COLORS.muted)
    .text(
      pdfText(
        `Centred on ${input.target.name}${input.target.state ? `, ${input.target.state}` : ""} (${input.target.lat.toFixed(4)}, ${input.target.lon.toFixed(4)}). ${formatNumber(input.places.length)} places in range are shown as dots; the most populous are named. Equirectangular projection around the target (longitude scaled by the cosine of its latitude), so the radius circles are true to scale. State boundaries: U.S. Census Bureau cartographic boundaries (us-atlas), drawn without any map service. Inset: where the service area lies.`,
      ),
      w.left,
      w.y,
      { width: w.width - 170, lineGap: 2 },
    );
  w.y = Math.max(w.y, locator.y + locator.height) + 8;
}
