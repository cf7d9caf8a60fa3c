/**
 * Testing an outside-service key: the SERVER makes one small, real request to the provider
 * with it (the key never goes to the browser) and reports whether the provider accepted it.
 *
 *   googleMaps     GET  {maps}/maps/api/staticmap?center=…&size=1x1&key=KEY   (Referer: BIS_BASE_URL,
 *                  so a key restricted to the site's address passes, as in the browser)
 *   census         GET  {census}/data/{vintage}/acs/acs5?get=NAME&for=state:11&key=KEY
 *   googlePlaces   POST {places}/v1/places:searchText  {textQuery, pageSize: 1}, X-Goog-Api-Key
 *   yelp           GET  {yelp}/v3/businesses/search?location=…&term={industry label}&limit=1, Bearer KEY
 *   googleAds*     GET  {ads}/{version}/customers:listAccessibleCustomers (developer token + access token)
 *   dataforseo*    GET  {dataforseo}/v3/appendix/user_data (HTTP basic: login + password)
 *
 * Messages name the provider and what it said, never the key in any form it may come back in
 * (raw, URL-encoded, JSON-escaped; for DataForSEO also `login:password` and its Base64:
 * providers/upstream/messages.ts `redact`). An unexpected error is passed on with the same masking.
 */
import { API_KEY_LABELS, competitorProfileFor, industryProfileFor, isRecord } from "@bis/sdk";
import type { Dispatcher } from "undici";
import type { Config } from "../../config.js";
import { AppError } from "../../lib/errors.js";
import { GOOGLE_ADS_API_VERSION } from "../upstream/apis.js";
import {
  createUpstreamClient,
  statusVerb,
  type UpstreamRequest,
  type UpstreamResponse,
} from "../upstream/client.js";
import { basicAuthHeader, basicAuthSecrets, redact, snippet } from "../upstream/messages.js";
import type { ApiKeyName } from "./key-store.js";

type Answer = UpstreamResponse;

export const KEY_TEST_TIMEOUT_MS = 10_000;

export interface KeyTestOutcome {
  ok: boolean;
  message: string;
}

export interface KeyTestDeps {
  config: Config;
  /** The value in use for another key (composite credentials: Google Ads, DataForSEO). */
  current(name: ApiKeyName): string | undefined;
  dispatcher?: Dispatcher;
  timeoutMs?: number;
}

/** A key test's excerpt of what the provider said: at most 300 characters, secrets hidden. */
const excerpt = (text: string, secrets: readonly string[]) => snippet(text, secrets, 300);

function json(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** Google's `{ error: { message } }`, Yelp's `{ error: { description } }`, or the text. */
function providerMessage(answer: Answer, secrets: readonly string[]): string {
  const body = json(answer.text);
  const error = body?.error;
  if (error && typeof error === "object") {
    const e = error as { message?: unknown; description?: unknown; status?: unknown };
    const text = [e.status, e.message ?? e.description].filter((v) => typeof v === "string");
    if (text.length > 0) return excerpt(text.join(": "), secrets);
  }
  if (typeof body?.error_message === "string") return excerpt(body.error_message, secrets);
  if (typeof body?.status_message === "string") return excerpt(body.status_message, secrets);
  return excerpt(answer.text, secrets);
}

/**
 * One request through the upstream client; a provider that cannot be reached or does not
 * answer in time is a failed test with the client's message (not an error).
 */
async function call(
  label: string,
  request: UpstreamRequest & { secrets: readonly string[] },
  deps: KeyTestDeps,
): Promise<Answer | KeyTestOutcome> {
  const client = createUpstreamClient({
    label,
    timeoutMs: deps.timeoutMs ?? KEY_TEST_TIMEOUT_MS,
    dispatcher: deps.dispatcher,
    headers: { "user-agent": "BIS key test" },
  });
  try {
    return await client.send(request);
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: error.message };
    throw error;
  }
}

const isOutcome = (v: Answer | KeyTestOutcome): v is KeyTestOutcome => "ok" in v;

function refused(label: string, answer: Answer, secrets: readonly string[]): KeyTestOutcome {
  const said = providerMessage(answer, secrets);
  const verb = [400, 401, 403].includes(answer.status)
    ? "rejected the key"
    : statusVerb(answer.status);
  return {
    ok: false,
    message: `${label} ${verb} (HTTP ${answer.status})${said ? `: ${said}` : ""}`,
  };
}

const accepted = (label: string, answer: Answer, extra = ""): KeyTestOutcome => ({
  ok: true,
  message: `${label} accepted the key (HTTP ${answer.status})${extra}`,
});

async function testGoogleMaps(value: string, deps: KeyTestDeps): Promise<KeyTestOutcome> {
  const label = "Google Maps";
  const url = new URL(`${deps.config.mapsApiUrl}/maps/api/staticmap`);
  url.searchParams.set("center", "39.8283,-98.5795");
  url.searchParams.set("zoom", "3");
  url.searchParams.set("size", "1x1");
  url.searchParams.set("key", value);
  const answer = await call(
    label,
    { url, headers: { referer: `${deps.config.baseUrl}/` }, secrets: [value] },
    deps,
  );
  if (isOutcome(answer)) return answer;
  if (answer.status === 200 && answer.header("content-type").startsWith("image/"))
    return accepted(label, answer);
  return refused(label, answer, [value]);
}

async function testCensus(value: string, deps: KeyTestDeps): Promise<KeyTestOutcome> {
  const label = "Census Data API";
  const { baseUrl, vintage } = deps.config.places.census;
  const url = new URL(`${baseUrl}/data/${vintage}/acs/acs5`);
  url.searchParams.set("get", "NAME");
  url.searchParams.set("for", "state:11");
  url.searchParams.set("key", value);
  const answer = await call(label, { url, secrets: [value] }, deps);
  if (isOutcome(answer)) return answer;
  if (answer.status >= 300 && answer.status < 400) {
    return {
      ok: false,
      message: `${label} rejected the key (HTTP ${answer.status}, redirected to ${redact(answer.header("location"), [value]) || "its invalid-key page"}): invalid or not yet activated`,
    };
  }
  if (answer.status !== 200) return refused(label, answer, [value]);
  if (/html/i.test(answer.header("content-type")) || /^\s*</.test(answer.text)) {
    return {
      ok: false,
      message: `${label} rejected the key: it answered with an HTML page (${excerpt(answer.text, [value])})`,
    };
  }
  try {
    const rows = JSON.parse(answer.text) as unknown;
    if (Array.isArray(rows) && rows.length >= 2) return accepted(label, answer);
  } catch {
    // fall through
  }
  return {
    ok: false,
    message: `${label} answered HTTP 200 without the expected table: ${excerpt(answer.text, [value])}`,
  };
}

/** A key tested by one search: 200 means it works, any other answer is refused (key hidden). */
async function searchOnce(
  label: string,
  request: UpstreamRequest,
  value: string,
  deps: KeyTestDeps,
): Promise<KeyTestOutcome> {
  const answer = await call(label, { ...request, secrets: [value] }, deps);
  if (isOutcome(answer)) return answer;
  return answer.status === 200 ? accepted(label, answer) : refused(label, answer, [value]);
}

async function testGooglePlaces(value: string, deps: KeyTestDeps): Promise<KeyTestOutcome> {
  const label = "Google Places";
  const url = new URL(`${deps.config.premium.urls.googlePlaces}/v1/places:searchText`);
  return searchOnce(
    label,
    {
      url,
      method: "POST",
      headers: { "x-goog-api-key": value, "x-goog-fieldmask": "places.id" },
      json: { textQuery: `${competitorProfileFor().placesQuery} in Austin, TX`, pageSize: 1 },
    },
    value,
    deps,
  );
}

async function testYelp(value: string, deps: KeyTestDeps): Promise<KeyTestOutcome> {
  const label = "Yelp Fusion";
  const url = new URL(`${deps.config.premium.urls.yelp}/v3/businesses/search`);
  url.searchParams.set("location", "Austin, TX");
  url.searchParams.set("term", industryProfileFor().label);
  url.searchParams.set("limit", "1");
  return searchOnce(
    label,
    { url, headers: { authorization: `Bearer ${value}`, accept: "application/json" } },
    value,
    deps,
  );
}

function missingPartner(label: string, names: ApiKeyName[]): KeyTestOutcome {
  const list = names.map((n) => API_KEY_LABELS[n]).join(" and ");
  return { ok: false, message: `${label} also needs the ${list}; save it first, then test again` };
}

async function testGoogleAds(
  name: ApiKeyName,
  value: string,
  deps: KeyTestDeps,
): Promise<KeyTestOutcome> {
  const label = "Google Ads";
  const pick = (n: ApiKeyName) => (n === name ? value : deps.current(n));
  const developerToken = pick("googleAdsDeveloperToken");
  const accessToken = pick("googleAdsAccessToken");
  const customerId = pick("googleAdsCustomerId");
  if (name === "googleAdsCustomerId" && !/^\d{3}-?\d{3}-?\d{4}$/.test(value.trim())) {
    return {
      ok: false,
      message: "A Google Ads customer id has ten digits, such as 123-456-7890",
    };
  }
  const missing = (["googleAdsDeveloperToken", "googleAdsAccessToken"] as const).filter(
    (n) => !pick(n),
  );
  if (missing.length > 0) return missingPartner(label, missing);
  const secrets = [developerToken ?? "", accessToken ?? ""];
  const url = new URL(
    `${deps.config.premium.urls.googleAds}/${GOOGLE_ADS_API_VERSION}/customers:listAccessibleCustomers`,
  );
  const answer = await call(
    label,
    {
      url,
      headers: {
        authorization: `Bearer ${accessToken}`,
        "developer-token": developerToken ?? "",
        accept: "application/json",
      },
      secrets,
    },
    deps,
  );
  if (isOutcome(answer)) return answer;
  if (answer.status !== 200) return refused(label, answer, secrets);
  const names = (json(answer.text)?.resourceNames ?? []) as unknown[];
  const digits = customerId?.replace(/-/g, "");
  if (!digits) return accepted(label, answer, "; set the customer id too");
  const reachable = names.includes(`customers/${digits}`);
  return accepted(
    label,
    answer,
    reachable
      ? `; customer ${customerId} is accessible`
      : `; customer ${customerId} is not directly accessible with this token (a manager account may still reach it)`,
  );
}

/** The DataForSEO login and password a test of `name` with `value` uses. */
function dataforseoCredentials(name: ApiKeyName, value: string, deps: KeyTestDeps) {
  return {
    login: name === "dataforseoLogin" ? value : deps.current("dataforseoLogin"),
    password: name === "dataforseoPassword" ? value : deps.current("dataforseoPassword"),
  };
}

/** Every secret a test of `name` with `value` may send, for masking (never throws). */
function secretsOf(name: ApiKeyName, value: string, deps: KeyTestDeps): string[] {
  const current = (n: ApiKeyName) => {
    try {
      return deps.current(n);
    } catch {
      return undefined;
    }
  };
  const { login, password } = dataforseoCredentials(name, value, { ...deps, current });
  const tokens = (["googleAdsDeveloperToken", "googleAdsAccessToken"] as const).map((n) =>
    n === name ? value : (current(n) ?? ""),
  );
  const pair = login && password ? basicAuthSecrets(login, password) : [];
  return [value, ...tokens, ...pair].filter((secret) => secret !== "");
}

async function testDataForSeo(
  name: ApiKeyName,
  value: string,
  deps: KeyTestDeps,
): Promise<KeyTestOutcome> {
  const label = "DataForSEO";
  const { login, password } = dataforseoCredentials(name, value, deps);
  if (!login) return missingPartner(label, ["dataforseoLogin"]);
  if (!password) return missingPartner(label, ["dataforseoPassword"]);
  const secrets = basicAuthSecrets(login, password);
  const url = new URL(`${deps.config.premium.urls.dataforseo}/v3/appendix/user_data`);
  const answer = await call(
    label,
    {
      url,
      headers: {
        authorization: basicAuthHeader(login, password),
        accept: "application/json",
      },
      secrets,
    },
    deps,
  );
  if (isOutcome(answer)) return answer;
  const body = json(answer.text);
  if (answer.status === 200 && body?.status_code === 20000) return accepted(label, answer);
  return refused(label, answer, secrets);
}

/**
 * One real request to the provider of `name` with `value`. An unexpected error (not a provider's
 * answer, not an unreachable provider) is rethrown with every secret of the test masked in its
 * message and stack, and without its cause, since the caller logs it.
 */
export async function testProviderKey(
  name: ApiKeyName,
  value: string,
  deps: KeyTestDeps,
): Promise<KeyTestOutcome> {
  try {
    return await testWith(name, value, deps);
  } catch (error) {
    const secrets = secretsOf(name, value, deps);
    const masked = new Error(
      redact(error instanceof Error ? error.message : String(error), secrets),
    );
    masked.stack = redact((error as Error)?.stack ?? masked.message, secrets);
    throw masked;
  }
}

function testWith(name: ApiKeyName, value: string, deps: KeyTestDeps): Promise<KeyTestOutcome> {
  switch (name) {
    case "googleMaps":
      return testGoogleMaps(value, deps);
    case "census":
      return testCensus(value, deps);
    case "googlePlaces":
      return testGooglePlaces(value, deps);
    case "yelp":
      return testYelp(value, deps);
    case "googleAdsDeveloperToken":
    case "googleAdsCustomerId":
    case "googleAdsAccessToken":
      return testGoogleAds(name, value, deps);
    case "dataforseoLogin":
    case "dataforseoPassword":
      return testDataForSeo(name, value, deps);
  }
}
