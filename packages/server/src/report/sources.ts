/**
 * What the report says about where its figures come from: every figure's source, vintage and
 * grade (the market analysis' `provenance`, and the keyword and competition results' when they
 * carry one), the assumptions with their sources, and which sections hold sample data.
 *
 * The keyword and competition schemas are open (`looseObject`): their provenance is read
 * defensively — one provenance object, or a record of them by figure.
 */
import {
  type Analysis,
  type Assumption,
  assumptionUnitSchema,
  type DataGrade,
  dataGradeSchema,
  type MarketFigure,
} from "@bis/sdk";
import { z } from "zod";
import { BASEMAP_SOURCE } from "./basemap.js";
import { formatCurrency, formatDate, formatNumber } from "./format.js";

export interface SourceRow {
  section: string;
  figure: string;
  source: string;
  vintage: string;
  grade: DataGrade | null;
  method?: string;
}

export interface AssumptionRow {
  section: string;
  label: string;
  value: string;
  basis: string;
  source: string;
}

const provenanceLike = z.looseObject({
  source: z.string(),
  vintage: z.union([z.string(), z.number()]).optional(),
  grade: dataGradeSchema,
  method: z.string().optional(),
  label: z.string().optional(),
});

const assumptionLike = z.looseObject({
  key: z.string().optional(),
  label: z.string().optional(),
  name: z.string().optional(),
  value: z.union([z.number(), z.string()]).optional(),
  defaultValue: z.number().optional(),
  unit: z.string().optional(),
  basis: z.string().optional(),
  source: z.string().optional(),
  sourceUrl: z.string().optional(),
});

export const MARKET_FIGURE_LABELS: Record<MarketFigure, string> = {
  population: "Total population (market size)",
  households: "Target households",
  housingUnits: "Total housing units",
  singleFamilyUnits: "Single-family homes",
  commercialUnits: "Commercial units",
  revenue: "Market revenue and service estimates",
};

/** "searchVolume" → "Search volume", "cpc" → "CPC". */
export function humanize(key: string): string {
  const special: Record<string, string> = {
    cpc: "CPC",
    avgCPC: "Average CPC",
    ppc: "PPC",
    ppcBudget: "PPC budget",
  };
  if (special[key]) return special[key];
  const words = key
    .replace(/[._-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One provenance object, or a record of them by figure, as source rows. */
export function provenanceRows(value: unknown, section: string, label: string): SourceRow[] {
  if (value === null || value === undefined || typeof value !== "object") return [];
  const single = provenanceLike.safeParse(value);
  const toRow = (p: z.infer<typeof provenanceLike>, figure: string): SourceRow => ({
    section,
    figure: p.label ?? figure,
    source: p.source,
    vintage: p.vintage === undefined ? "Not stated" : String(p.vintage),
    grade: p.grade,
    ...(p.method ? { method: p.method } : {}),
  });
  if (single.success) return [toRow(single.data, label)];
  const rows: SourceRow[] = [];
  for (const [key, entry] of Object.entries(value)) {
    const parsed = provenanceLike.safeParse(entry);
    if (parsed.success) rows.push(toRow(parsed.data, `${label}: ${humanize(key)}`));
  }
  return rows;
}

/** The grades a premium result declares: its provenance, its data source, a sample flag. */
export function gradesOf(data: unknown): DataGrade[] {
  if (!data || typeof data !== "object") return [];
  const record = data as Record<string, unknown>;
  const grades = new Set<DataGrade>();
  for (const row of provenanceRows(record.provenance, "", "")) if (row.grade) grades.add(row.grade);
  for (const key of ["dataSource", "source"]) {
    const parsed = z.looseObject({ grade: dataGradeSchema }).safeParse(record[key]);
    if (parsed.success) grades.add(parsed.data.grade);
  }
  const grade = dataGradeSchema.safeParse(record.grade);
  if (grade.success) grades.add(grade.data);
  // Keyword research names its provider; competition lists every provider it asked.
  const provider = z.looseObject({ grade: dataGradeSchema }).safeParse(record.provider);
  if (provider.success) grades.add(provider.data.grade);
  const runs = z
    .array(z.looseObject({ grade: dataGradeSchema, status: z.string().optional() }))
    .safeParse(record.providers);
  if (runs.success) for (const run of runs.data) if (run.status !== "failed") grades.add(run.grade);
  if (record.sample === true || record.isSample === true || record.sampleData === true)
    grades.add("sample");
  return [...grades];
}

export function gradesOfMarket(analysis: Analysis): DataGrade[] {
  const provenance = analysis.marketAnalysisData?.provenance ?? {};
  return [...new Set(Object.values(provenance).map((p) => p.grade))];
}

/** The grade of one market figure, if the analysis recorded it. */
export function marketGrade(analysis: Analysis, figure: MarketFigure): DataGrade | null {
  return analysis.marketAnalysisData?.provenance?.[figure]?.grade ?? null;
}

/** Every figure's source row: the market figures, then keyword and competition figures. */
export function sourceRows(analysis: Analysis): SourceRow[] {
  const rows: SourceRow[] = [];
  const market = analysis.marketAnalysisData;
  const provenance = market?.provenance ?? {};
  for (const figure of Object.keys(MARKET_FIGURE_LABELS) as MarketFigure[]) {
    const p = provenance[figure];
    if (!p) continue;
    rows.push({
      section: "Market analysis",
      figure: MARKET_FIGURE_LABELS[figure],
      source: p.source,
      vintage: p.vintage,
      grade: p.grade,
      method: p.method,
    });
  }
  if (market?.dataSource) {
    rows.push({
      section: "Market analysis",
      figure: "Places in range (city table)",
      source: market.dataSource.label,
      vintage: market.dataSource.vintage,
      grade: provenance.population?.grade ?? null,
      method: `Place data provider: ${market.dataSource.provider}`,
    });
  }
  rows.push({
    section: "Market analysis",
    figure: "Service area map (boundaries)",
    source: BASEMAP_SOURCE,
    vintage: "2017 edition",
    grade: null,
    method: "Drawn offline: equirectangular projection around the target, cos(latitude) scaled",
  });
  const keywords = analysis.keywordResearchData as Record<string, unknown> | null;
  if (keywords) {
    const found = [
      ...provenanceRows(keywords.provenance, "Keyword research", "Keywords"),
      ...provenanceRows(keywords.dataSource, "Keyword research", "Keyword data source"),
    ];
    const provider = z
      .looseObject({ label: z.string(), grade: dataGradeSchema })
      .safeParse(keywords.provider);
    if (found.length === 0 && provider.success) {
      found.push({
        section: "Keyword research",
        figure: "Keywords",
        source: provider.data.label,
        vintage: "Not stated",
        grade: provider.data.grade,
      });
    }
    rows.push(...found);
  }
  const competition = analysis.competitionAnalysisData as Record<string, unknown> | null;
  if (competition) {
    rows.push(...provenanceRows(competition.provenance, "Competition analysis", "Competitors"));
    rows.push(
      ...provenanceRows(competition.dataSource, "Competition analysis", "Competitor data source"),
    );
    const runs = z.array(providerRun).safeParse(competition.providers);
    if (runs.success) {
      const when =
        typeof competition.analysisTimestamp === "string"
          ? formatDate(competition.analysisTimestamp)
          : "Not stated";
      for (const run of runs.data) {
        const counts =
          run.status === "failed"
            ? `failed${run.message ? `: ${run.message}` : ""}`
            : `${formatNumber(run.returned)} businesses returned, ${formatNumber(run.withinRadius)} within the primary radius${run.reportedTotal ? ` (the provider reports ${formatNumber(run.reportedTotal)} in all)` : ""}`;
        rows.push({
          section: "Competition analysis",
          figure: `Competitor search: ${run.label}`,
          source: `${run.label}: ${counts}`,
          vintage: when,
          grade: run.status === "failed" ? null : run.grade,
        });
      }
    }
  }
  const score = analysis.opportunityScore;
  if (score?.method) {
    rows.push({
      section: "Opportunity score",
      figure: "Opportunity score",
      source: "Computed by BIS from the figures above",
      vintage: "As of the latest step",
      grade: score.grade ?? null,
      method: score.method,
    });
  }
  return rows;
}

const providerRun = z.looseObject({
  label: z.string(),
  grade: dataGradeSchema,
  status: z.string(),
  returned: z.number(),
  withinRadius: z.number(),
  reportedTotal: z.number().nullable().optional(),
  message: z.string().optional(),
});

function formatAssumptionValue(unit: string | undefined, value: number | string): string {
  if (typeof value === "string") return value;
  const parsedUnit = assumptionUnitSchema.safeParse(unit);
  if (!parsedUnit.success) return formatNumber(value, 3);
  switch (parsedUnit.data) {
    case "usd":
      return formatCurrency(value);
    case "share":
      return `${formatNumber(value * 100, 1)}%`;
    case "years":
      return `${formatNumber(value, 1)} ${value === 1 ? "year" : "years"}`;
    case "rate":
      return `${formatNumber(value, 3)} per year`;
  }
}

function assumptionRow(section: string, raw: unknown): AssumptionRow | null {
  const parsed = assumptionLike.safeParse(raw);
  if (!parsed.success) return null;
  const a = parsed.data;
  const label = a.label ?? a.name ?? (a.key ? humanize(a.key) : null);
  if (!label) return null;
  let value = a.value === undefined ? "" : formatAssumptionValue(a.unit, a.value);
  if (typeof a.value === "number" && a.defaultValue !== undefined && a.defaultValue !== a.value)
    value += ` (default ${formatAssumptionValue(a.unit, a.defaultValue)})`;
  const source = [a.source, a.sourceUrl].filter(Boolean).join(" ");
  return {
    section,
    label,
    value,
    basis: a.basis ? humanize(a.basis) : "",
    source: source || "Not stated",
  };
}

/** The assumptions of the market model and, when they list any, of the premium steps. */
export function assumptionRows(analysis: Analysis): AssumptionRow[] {
  const rows: AssumptionRow[] = [];
  const market: readonly Assumption[] = analysis.marketAnalysisData?.assumptions ?? [];
  for (const a of market) {
    const row = assumptionRow("Market model", a);
    if (row) rows.push(row);
  }
  const premium: [string, unknown][] = [
    ["Keyword research", analysis.keywordResearchData],
    ["Competition analysis", analysis.competitionAnalysisData],
  ];
  for (const [section, data] of premium) {
    const list = (data as Record<string, unknown> | null)?.assumptions;
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const row = assumptionRow(section, raw);
      if (row) rows.push(row);
    }
  }
  return rows;
}
