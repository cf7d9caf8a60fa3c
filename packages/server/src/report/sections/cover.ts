import { BIS_CREDIT } from "../brand.js";
import { drawBrandLogo } from "../chrome.js";
import {
  formatCompactCurrency,
  formatDate,
  formatDateTime,
  formatMiles,
  formatNumber,
  pdfText,
} from "../format.js";
import { COLORS, FONT, PAGE, type ReportWriter } from "../layout.js";

import {
  type ReportContext,
  SAMPLE_DATA_LABEL,
  SECTION_TITLES,
  sampleSections,
} from "./context.js";
import { withSample, zipAreasLine } from "./shared.js";

/** The cover's band: BIS's mark and name, or the partner's logo, name and contact line. */
function drawCoverBand(w: ReportWriter, bandHeight: number): void {
  const { doc, brand, palette } = w;
  doc.rect(0, 0, PAGE.width, bandHeight).fill(palette.brand);
  doc.rect(0, bandHeight, PAGE.width, 6).fill(palette.brandDark);
  // Decorative rising bars, right of the band: the mark, large and faint.
  doc.save();
  doc.fillOpacity(0.12);
  [70, 120, 170].forEach((h, i) => {
    doc.rect(430 + i * 42, bandHeight - 40 - h, 26, h).fill(palette.onBrand);
  });
  doc.restore();

  if (brand) {
    // On a white plate, so any logo reads on any band colour.
    if (brand.logo) {
      doc.roundedRect(w.left - 6, 40, 150, 48, 6).fill(COLORS.white);
      drawBrandLogo(w, brand, w.left, 46, [138, 36]);
    }
    const nameY = brand.logo ? 96 : 50;
    doc
      .font(FONT.bold)
      .fontSize(brand.logo ? 13 : 24)
      .fillColor(palette.onBrand);
    doc.text(pdfText(brand.displayName), w.left, nameY, {
      width: 360,
      lineBreak: false,
      ellipsis: true,
    });
    doc.font(FONT.regular).fontSize(9).fillColor(palette.onBrandMuted);
    doc.text(BIS_CREDIT, w.left, nameY + (brand.logo ? 18 : 32), { lineBreak: false });
    if (brand.contactLine)
      doc.text(pdfText(brand.contactLine), w.left, 248, {
        width: w.width,
        lineBreak: false,
        ellipsis: true,
      });
  } else {
    w.brandMark(w.left, 46, 36, true);
    doc.font(FONT.bold).fontSize(26).fillColor(COLORS.white);
    doc.text("BIS", w.left + 46, 50, { lineBreak: false });
    doc.font(FONT.regular).fontSize(10).fillColor(COLORS.brandMid);
    doc.text("Market research for local service businesses", w.left, 96, { lineBreak: false });
  }
}

export function drawCover(w: ReportWriter, ctx: ReportContext): void {
  const { doc, palette } = w;
  const { analysis } = ctx;
  const market = analysis.marketAnalysisData;
  drawCoverBand(w, 290);

  doc.font(FONT.bold).fontSize(32).fillColor(palette.onBrand);
  doc.text(SECTION_TITLES.cover, w.left, 160, { width: w.width, lineBreak: false });
  doc.font(FONT.regular).fontSize(13).fillColor(palette.onBrandMuted);
  doc.text(
    pdfText(`${analysis.industry} market analysis, keyword research and competition`),
    w.left,
    204,
    {
      width: w.width,
      lineBreak: false,
    },
  );

  const location = market?.target
    ? `${market.target.name}, ${market.target.state}`
    : analysis.location;
  doc.font(FONT.bold).fontSize(26).fillColor(COLORS.ink);
  doc.text(pdfText(location), w.left, 326, { width: 330 });

  let y = Math.max(doc.y + 12, 372);
  const details: [string, string][] = [
    ["Industry", analysis.industry],
    [
      "Service area",
      `Primary radius ${formatMiles(analysis.primaryRadius)} · Secondary radius ${formatMiles(analysis.secondaryRadius)}`,
    ],
    ["Analysis date", formatDate(analysis.createdAt)],
    ["Report generated", formatDateTime(ctx.generatedAt)],
    ["Analysis ID", analysis.id],
  ];
  if (market?.dataSource) details.push(["Place data", market.dataSource.label]);
  for (const [label, value] of details) {
    doc.font(FONT.regular).fontSize(9).fillColor(COLORS.muted);
    doc.text(pdfText(label), w.left, y + 1, { width: 100, lineBreak: false });
    doc.font(FONT.bold).fontSize(10).fillColor(COLORS.ink);
    doc.text(pdfText(value), w.left + 100, y, { width: 230 });
    y = doc.y + 7;
  }

  // The headline figures, right column.
  const boxX = 400;
  const boxW = w.right - boxX;
  let boxY = 326;
  const headline: [string, string][] = [];
  if (ctx.score) headline.push(["Opportunity score", `${Math.round(ctx.score.score)} / 100`]);
  headline.push(
    ["Annual market revenue", formatCompactCurrency(market?.marketSummary?.totalMarketRevenue)],
    ["Target households", formatNumber(market?.households)],
  );
  for (const [label, value] of headline) {
    doc.roundedRect(boxX, boxY, boxW, 56, 6).fillAndStroke(palette.brandLight, palette.brandMid);
    doc.font(FONT.regular).fontSize(8.5).fillColor(palette.brandDark);
    doc.text(pdfText(label.toUpperCase()), boxX + 12, boxY + 10, { lineBreak: false });
    doc.font(FONT.bold).fontSize(18).fillColor(COLORS.ink);
    doc.text(pdfText(value), boxX + 12, boxY + 26, { width: boxW - 24, lineBreak: false });
    boxY += 66;
  }

  // Contents, with what each section holds.
  y = Math.max(y, boxY) + 18;
  doc.font(FONT.bold).fontSize(12).fillColor(COLORS.ink);
  doc.text("Contents", w.left, y, { lineBreak: false });
  y += 20;
  const contents: [string, string][] = [
    [SECTION_TITLES.market, market ? "Included" : "Not available"],
    [SECTION_TITLES.map, market ? "Included (drawn offline)" : "Not available"],
    [SECTION_TITLES.zipAreas, ctx.zipAreas ? zipAreasLine(ctx.zipAreas) : "Not available"],
    [SECTION_TITLES.keywords, withSample(ctx.keywordState.short, ctx.keywordGrades)],
    [SECTION_TITLES.competition, withSample(ctx.competitionState.short, ctx.competitionGrades)],
    [
      SECTION_TITLES.score,
      ctx.score
        ? withSample(
            `${Math.round(ctx.score.score)} / 100`,
            ctx.score.grade ? [ctx.score.grade] : [],
          )
        : "Not available yet",
    ],
    [SECTION_TITLES.sources, "Every figure's source, vintage and grade"],
  ];
  contents.forEach(([title, status], i) => {
    doc.font(FONT.regular).fontSize(10).fillColor(COLORS.text);
    doc.text(`${i + 1}.  ${pdfText(title)}`, w.left, y, { lineBreak: false });
    doc.fillColor(status.includes(SAMPLE_DATA_LABEL) ? "#92400e" : COLORS.muted);
    doc.text(pdfText(status), w.left + 230, y, { width: w.width - 230, lineBreak: false });
    y += 14;
  });

  const samples = sampleSections(ctx);
  w.y = y + 14;
  if (samples.length > 0) {
    w.banner(
      `${SAMPLE_DATA_LABEL}: ${samples.join(", ")} in this report ${samples.length === 1 ? "uses" : "use"} demo data, not measurements of real businesses or searches. Do not base decisions on these figures.`,
      "sample",
    );
  }
}
