/** The premium steps of one analysis: keyword research, competition, the PDF report. */
import { urlOf } from "../../api/endpoint.js";
import { endpoints } from "../../api/endpoints.js";
import type { Transport } from "../transport.js";

const { premium } = endpoints;

export function premiumResource(t: Transport) {
  return {
    /** Runs keyword research (premium: paid or administrator; 402 otherwise). */
    keywords: (analysisId: string) => t.call(premium.keywords, { body: { analysisId } }),
    /** Runs competition analysis (premium; 400 until keyword research is complete). */
    competition: (analysisId: string) =>
      t.call(premium.competition, { params: { id: analysisId } }),
    /** Where the PDF report of an analysis is served (premium). */
    reportPath: (analysisId: string) => urlOf(premium.report, { id: analysisId }),
    /** The PDF report's bytes (premium); raises like every call on failure. */
    report: (analysisId: string, signal?: AbortSignal) =>
      t.call(premium.report, { params: { id: analysisId }, signal }),
  };
}
