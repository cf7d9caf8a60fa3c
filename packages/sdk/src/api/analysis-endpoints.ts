/**
 * The calls of market analyses: the free analysis, its premium steps and comparisons (one module
 * of the endpoint table, endpoints.ts).
 */
import { endpoint, fieldOf, pageOf, schema } from "./endpoint.js";

const analysis = schema("entities", "analysisSchema");
const analysisEnvelope = fieldOf("analysis", "entities", "analysisSchema");
const zipAreasQuery = schema("market", "zipAreasQuerySchema");

/** The free market analysis and the signed-in user's analyses. */
export const analyses = {
  /** Runs the free market analysis. */
  analyze: endpoint({
    method: "POST",
    path: "/api/market-analysis/analyze",
    access: "user",
    status: 201,
    body: schema("forms", "analyzeRequestSchema"),
    response: schema("entities", "analyzeResponseSchema"),
    errors: ["UNKNOWN_CITY", "RATE_LIMITED", "UPSTREAM_FAILED", "UNAVAILABLE"],
  }),
  /** One analysis, by the specification's path (the same answer as `get`). */
  getByMarketPath: endpoint({
    method: "GET",
    path: "/api/market-analysis/:id",
    access: "user",
    response: analysis,
    errors: ["ANALYSIS_NOT_FOUND"],
  }),
  /** The signed-in user's analyses, newest first, a page at a time. */
  list: endpoint({
    method: "GET",
    path: "/api/analyses",
    access: "user",
    response: pageOf("analyses", "entities", "analysisSummarySchema"),
  }),
  /** One analysis; 404 unless it is yours (or you are an administrator). */
  get: endpoint({
    method: "GET",
    path: "/api/analyses/:id",
    access: "user",
    response: analysis,
    errors: ["ANALYSIS_NOT_FOUND"],
  }),
  /** The populated ZIP areas in range, nearest first or as the query sorts and cuts them. */
  zipAreas: endpoint({
    method: "GET",
    path: "/api/analyses/:id/zip-areas",
    access: "user",
    query: zipAreasQuery,
    response: schema("market", "zipAreasResponseSchema"),
    errors: ["ANALYSIS_NOT_FOUND"],
  }),
  /** The ZIP areas as CSV (a download). */
  zipAreasCsv: endpoint({
    method: "GET",
    path: "/api/analyses/:id/zip-areas.csv",
    access: "user",
    query: zipAreasQuery,
    read: "text",
    errors: ["ANALYSIS_NOT_FOUND"],
  }),
  /** The ZIP areas as an XLSX workbook (a download). */
  zipAreasXlsx: endpoint({
    method: "GET",
    path: "/api/analyses/:id/zip-areas.xlsx",
    access: "user",
    query: zipAreasQuery,
    read: "bytes",
    errors: ["ANALYSIS_NOT_FOUND"],
  }),
  /** Deletes an analysis with its payments; with `?ifUnpaid=true` a paid one is kept (409). */
  delete: endpoint({
    method: "DELETE",
    path: "/api/analyses/:id",
    access: "user",
    status: 204,
    query: schema("forms", "deleteAnalysisQuerySchema"),
    errors: ["ANALYSIS_NOT_FOUND", "PAID_ANALYSIS_KEPT"],
  }),
  /** Re-runs the market analysis with changed assumptions. */
  rerun: endpoint({
    method: "PUT",
    path: "/api/analyses/:id/assumptions",
    access: "user",
    body: schema("forms", "rerunRequestSchema"),
    response: analysis,
    errors: ["ANALYSIS_NOT_FOUND", "UNKNOWN_CITY", "UPSTREAM_FAILED", "UNAVAILABLE"],
  }),
} as const;

/** The premium steps of one analysis: keyword research, competition, the PDF report. */
export const premium = {
  /** Runs keyword research (premium: paid or administrator). */
  keywords: endpoint({
    method: "POST",
    path: "/api/keyword-analysis/analyze",
    access: "user",
    body: schema("keywords", "keywordResearchRequestSchema"),
    response: analysisEnvelope,
    errors: [
      "ANALYSIS_NOT_FOUND",
      "PAYMENT_REQUIRED",
      "NO_CITIES_FOUND",
      "UPSTREAM_FAILED",
      "UNAVAILABLE",
    ],
  }),
  /** Runs competition analysis (premium; after keyword research). */
  competition: endpoint({
    method: "POST",
    path: "/api/analyses/:id/competition-analysis",
    access: "user",
    body: schema("competition", "competitionAnalysisRequestSchema"),
    response: analysisEnvelope,
    errors: [
      "ANALYSIS_NOT_FOUND",
      "PAYMENT_REQUIRED",
      "KEYWORD_RESEARCH_REQUIRED",
      "UPSTREAM_FAILED",
      "UNAVAILABLE",
    ],
  }),
  /** The PDF report (premium). */
  report: endpoint({
    method: "GET",
    path: "/api/analyses/:id/report.pdf",
    access: "user",
    read: "bytes",
    errors: ["ANALYSIS_NOT_FOUND", "PAYMENT_REQUIRED"],
  }),
} as const;

/** Comparisons of 2–10 of the signed-in user's analyses, and their exports. */
export const comparisons = {
  create: endpoint({
    method: "POST",
    path: "/api/comparisons",
    access: "user",
    status: 201,
    body: schema("comparisons", "createComparisonRequestSchema"),
    response: schema("comparisons", "comparisonSchema"),
    errors: ["ANALYSIS_NOT_FOUND"],
  }),
  list: endpoint({
    method: "GET",
    path: "/api/comparisons",
    access: "user",
    response: pageOf("comparisons", "comparisons", "comparisonSummarySchema"),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/comparisons/:id",
    access: "user",
    response: schema("comparisons", "comparisonSchema"),
    errors: ["COMPARISON_NOT_FOUND"],
  }),
  exportCsv: endpoint({
    method: "GET",
    path: "/api/comparisons/:id/export.csv",
    access: "user",
    read: "bytes",
    errors: ["COMPARISON_NOT_FOUND"],
  }),
  exportXlsx: endpoint({
    method: "GET",
    path: "/api/comparisons/:id/export.xlsx",
    access: "user",
    read: "bytes",
    errors: ["COMPARISON_NOT_FOUND"],
  }),
  report: endpoint({
    method: "GET",
    path: "/api/comparisons/:id/report.pdf",
    access: "user",
    read: "bytes",
    errors: ["COMPARISON_NOT_FOUND"],
  }),
} as const;
