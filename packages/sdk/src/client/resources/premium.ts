/** The premium steps of one analysis: keyword research, competition, the PDF report. */
import { fieldOf, schemasOf } from "../schema-ref.js";
import type { Transport } from "../transport.js";
import { analysisPath } from "./analyses.js";

const entities = schemasOf(() => import("../../schemas/entities.js"));
/** `{ analysis }`, resolving to the analysis. */
const analysisEnvelope = fieldOf("analysis", entities("analysisSchema"));

export function premiumResource(t: Transport) {
  const path = analysisPath;
  return {
    /** Runs keyword research (premium: paid or administrator; 402 otherwise). */
    keywords: (analysisId: string) =>
      t.request({
        method: "POST",
        path: "/api/keyword-analysis/analyze",
        body: { analysisId },
        schema: analysisEnvelope,
      }),
    /** Runs competition analysis (premium; 400 until keyword research is complete). */
    competition: (analysisId: string) =>
      t.request({
        method: "POST",
        path: `${path(analysisId)}/competition-analysis`,
        schema: analysisEnvelope,
      }),
    /** Where the PDF report of an analysis is served (premium). */
    reportPath: (analysisId: string) => `${path(analysisId)}/report.pdf`,
    /** The PDF report's bytes (premium); raises like every call on failure. */
    report: (analysisId: string, signal?: AbortSignal) =>
      t.request<Uint8Array>({
        method: "GET",
        path: `${path(analysisId)}/report.pdf`,
        read: "bytes",
        signal,
      }),
  };
}
