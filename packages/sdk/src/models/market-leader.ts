/**
 * The market leader of a competition result, one rule for every consumer (the results page's
 * overview card and competitor table, the PDF report, the CLI):
 * - the result names one (`marketLeader`): that name, and the first competitor listed under it
 *   (the list is ranked, so a second branch of the same name is not the leader); no row when the
 *   name is not listed;
 * - it names none: the first competitor whose position says "leader", when there is one.
 */
import type { CompetitionAnalysisData } from "../schemas/competition.js";

export interface MarketLeader {
  name: string;
  /** The leader's row in `competitors`; -1 when the named leader is not listed. */
  index: number;
}

export function marketLeader(
  data: Pick<CompetitionAnalysisData, "marketLeader" | "competitors"> | null | undefined,
): MarketLeader | null {
  if (!data) return null;
  const named = data.marketLeader?.trim();
  if (named) return { name: named, index: data.competitors.findIndex((c) => c.name === named) };
  const index = data.competitors.findIndex((c) => /leader/i.test(c.position));
  const leader = data.competitors[index];
  return leader ? { name: leader.name, index } : null;
}
