/**
 * The Analyses tab of the admin panel: figures computed from the list of every analysis
 * (GET /api/admin/analyses) — by industry, by state, step completion and paid conversion.
 * The specification leaves this tab a "Coming Soon" placeholder; BIS fills it.
 */
import { GUARANTEE_DAYS } from "@bis/sdk";

/** The fields of an admin analysis row the figures need. */
export interface InsightAnalysis {
  industry: string;
  state: string;
  isPaid: boolean;
  marketAnalysisCompleted: boolean;
  keywordResearchCompleted: boolean;
  competitionAnalysisCompleted: boolean;
}

export interface InsightGroup {
  /** The industry or state. */
  key: string;
  count: number;
  paid: number;
  /** Share of all analyses, 0–1. */
  share: number;
  /** Paid ÷ count, 0–1. */
  conversion: number;
}

export interface StepCompletion {
  step: "market" | "keywords" | "competition";
  label: string;
  completed: number;
  /** Completed ÷ all analyses, 0–1. */
  share: number;
}

export interface AnalysesInsights {
  total: number;
  paid: number;
  /** Paid ÷ total, 0–1 (0 without analyses). */
  conversion: number;
  byIndustry: InsightGroup[];
  byState: InsightGroup[];
  steps: StepCompletion[];
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

function groupBy(analyses: readonly InsightAnalysis[], key: (a: InsightAnalysis) => string) {
  const groups = new Map<string, { count: number; paid: number }>();
  for (const analysis of analyses) {
    const name = key(analysis).trim() || "Unknown";
    const group = groups.get(name) ?? { count: 0, paid: 0 };
    group.count += 1;
    if (analysis.isPaid) group.paid += 1;
    groups.set(name, group);
  }
  return [...groups]
    .map(([name, g]) => ({
      key: name,
      count: g.count,
      paid: g.paid,
      share: ratio(g.count, analyses.length),
      conversion: ratio(g.paid, g.count),
    }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

export function analysesInsights(analyses: readonly InsightAnalysis[]): AnalysesInsights {
  const total = analyses.length;
  const paid = analyses.filter((a) => a.isPaid).length;
  const step = (
    id: StepCompletion["step"],
    label: string,
    done: (a: InsightAnalysis) => boolean,
  ): StepCompletion => {
    const completed = analyses.filter(done).length;
    return { step: id, label, completed, share: ratio(completed, total) };
  };
  const steps = [
    step("market", "Market Analysis", (a) => a.marketAnalysisCompleted),
    step("keywords", "Keyword Research", (a) => a.keywordResearchCompleted),
    step("competition", "Competition Analysis", (a) => a.competitionAnalysisCompleted),
  ];
  return {
    total,
    paid,
    conversion: ratio(paid, total),
    byIndustry: groupBy(analyses, (a) => a.industry),
    byState: groupBy(analyses, (a) => a.state),
    steps,
  };
}

/* ------------------------------------------------------------------ system formatting */

/** 1536 → "1.5 KB"; bytes in binary units as file sizes are usually shown. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "N/A";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** 93784 → "1d 2h 3m"; under a minute: "42s". */
export function formatUptime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "N/A";
  const s = Math.floor(seconds);
  if (s < 60) return `${s}s`;
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return [days ? `${days}d` : "", days || hours ? `${hours}h` : "", `${minutes}m`]
    .filter(Boolean)
    .join(" ");
}

const DAY_MS = 86_400_000;

/** Whether a payment made at `createdAt` is still within the satisfaction guarantee. */
export function withinGuarantee(createdAt: string, now = Date.now()): boolean {
  const made = Date.parse(createdAt);
  if (Number.isNaN(made)) return false;
  return now - made <= GUARANTEE_DAYS * DAY_MS;
}

/** A server instance's id as the admin panel shows it: its first 8 hex digits. */
export function shortInstanceId(id: string): string {
  return id.slice(0, 8);
}
