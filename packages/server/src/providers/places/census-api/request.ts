/**
 * One table request to the Census Data API, through the upstream client:
 *
 *   GET {baseUrl}/data/{vintage}/acs/acs5?get=NAME,<variables>&for=tract:*&in=state:{fips}&in=county:*[&key=KEY]
 *   GET {baseUrl}/data/{vintage}/acs/acs5?get=NAME,<variables>&for=place:*&in=state:{fips}[&key=KEY]
 *
 * The API's own conventions are mapped here: a redirect to its invalid-key page, 204 or an empty
 * body for an unknown geography, 404 for an unpublished vintage, an HTML page instead of JSON.
 * Messages name the endpoint and the geography, never the key.
 */
import type { Dispatcher } from "undici";
import { AppError } from "../../../lib/errors.js";
import { createUpstreamClient, type UpstreamClient } from "../../upstream/client.js";
import { redact, snippet } from "../../upstream/messages.js";
import { upstream } from "./table.js";

/** The whole exchange (connect, headers, body) must finish within this many milliseconds. */
export const CENSUS_TIMEOUT_MS = 15_000;

export const CENSUS_LABEL = "Census Data API";

export interface CensusRequestOptions {
  baseUrl: string;
  vintage: string;
  apiKey: string | undefined;
}

/** The client every Census table request goes through. */
export function censusClient(
  dispatcher: Dispatcher | undefined,
  timeoutMs: number,
): UpstreamClient {
  return createUpstreamClient({ label: CENSUS_LABEL, timeoutMs, dispatcher });
}

/** Requests one table and returns the parsed JSON; every failure is an AppError. */
export async function fetchTable(
  client: UpstreamClient,
  options: CensusRequestOptions,
  get: readonly string[],
  geography: { for: string; in: readonly string[] },
  what: string,
): Promise<unknown> {
  const endpoint = `${options.baseUrl}/data/${options.vintage}/acs/acs5`;
  const url = new URL(endpoint);
  url.searchParams.set("get", get.join(","));
  url.searchParams.set("for", geography.for);
  for (const within of geography.in) url.searchParams.append("in", within);
  if (options.apiKey) url.searchParams.set("key", options.apiKey);
  const secrets = options.apiKey ? [options.apiKey] : [];
  const response = await client.send({
    url,
    headers: { accept: "application/json" },
    what,
    where: endpoint,
    secrets,
  });

  const { status: statusCode, text } = response;
  const said = snippet(text, secrets);
  const contentType = response.header("content-type");
  if (statusCode >= 300 && statusCode < 400) {
    const location = redact(response.header("location"), secrets);
    const keyHint = /key/i.test(location)
      ? options.apiKey
        ? ": the CENSUS_API_KEY was rejected (invalid or not yet activated)"
        : ": the API asks for a key (set CENSUS_API_KEY)"
      : "";
    throw upstream(
      `${client.label} redirected the request for ${what} (HTTP ${statusCode}${location ? ` to ${location}` : ""})${keyHint}`,
    );
  }
  if (statusCode === 429) {
    throw new AppError(
      "RATE_LIMITED",
      `${client.label} rate limit reached for ${what} (HTTP 429${said ? `: ${said}` : ""}). Please try again later${options.apiKey ? "" : "; a CENSUS_API_KEY raises the limit"}.`,
    );
  }
  if (statusCode === 204 || (statusCode === 200 && text.trim() === "")) {
    throw upstream(
      `${client.label} returned no data for ${what} (HTTP ${statusCode}): unknown geography, or no ${options.vintage} ACS 5-year data for it`,
    );
  }
  if (statusCode === 404) {
    throw upstream(
      `${client.label} has no ${options.vintage} ACS 5-year data for ${what} (HTTP 404 from ${endpoint})${said ? `: ${said}` : ""}`,
    );
  }
  if (statusCode !== 200) {
    throw upstream(
      `${client.label} ${statusCode >= 500 ? "failed on" : "refused"} the request for ${what} (HTTP ${statusCode} from ${endpoint})${said ? `: ${said}` : ""}`,
    );
  }
  if (/html/i.test(contentType) || /^\s*</.test(text)) {
    throw upstream(
      `${client.label} answered the request for ${what} with an HTML page instead of JSON${options.apiKey ? " (usually an invalid CENSUS_API_KEY)" : ""}: ${said}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw upstream(
      `${client.label} returned malformed JSON for ${what} (${(error as Error).message})`,
      error,
    );
  }
}
