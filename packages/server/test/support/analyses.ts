/** Analyses for tests: the request most tests run, and an analysis owned (and paid) by a client. */
import type { AnalyzeRequest } from "@bis/sdk";
import type { NodeClient } from "@bis/sdk/node";

/** HVAC in Austin, TX, 10/15 mi: the market analysis most tests run. */
export const austinRequest = {
  state: "TX",
  city: "Austin",
  industry: "HVAC",
  primaryRadius: 10,
  secondaryRadius: 15,
} satisfies AnalyzeRequest;

/** A new analysis of the client's user (Austin unless `request` changes it); its id. */
export async function analysisFor(
  client: NodeClient,
  request: Partial<AnalyzeRequest> = {},
): Promise<string> {
  return (await client.analyses.analyze({ ...austinRequest, ...request })).analysis.id;
}

/** A new analysis of the client's user, paid in demo mode (premium); its id. */
export async function paidAnalysisFor(
  client: NodeClient,
  request: Partial<AnalyzeRequest> = {},
): Promise<string> {
  const id = await analysisFor(client, request);
  await client.payments.confirmDemo({ analysisId: id });
  return id;
}
