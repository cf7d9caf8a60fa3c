/**
 * Issue 27: a key test never shows a secret in any form a provider may echo it back in — raw,
 * URL-encoded, form-encoded, JSON-escaped, or (DataForSEO) `login:password` and its Base64 —
 * against a local fake provider that echoes the Authorization header, the key headers, the
 * request URL and the key back in its error body.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Dispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../../config.js";
import type { ApiKeyName } from "./key-store.js";
import { testProviderKey } from "./key-tests.js";

/** Characters that every encoding changes: `/`, `+`, `&`, `=`, `"`, `%`, a space, `\`. */
const SECRET = 'k3y/with+special&chars="quoted" 100%\\x';
const LOGIN = "ops@example.com";
const PAIR = `${LOGIN}:${SECRET}`;
const BASE64 = Buffer.from(PAIR).toString("base64");

/** Every form of the secret that must never appear in a message. */
const FORMS = [
  SECRET,
  encodeURIComponent(SECRET),
  encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
  new URLSearchParams({ s: SECRET }).toString().slice(2),
  JSON.stringify(SECRET).slice(1, -1),
  PAIR,
  BASE64,
  BASE64.replace(/=+$/, ""),
  Buffer.from(PAIR).toString("base64url"),
];

/** What the fake was sent, echoed back in every form. */
function echo(req: IncomingMessage): string {
  const url = new URL(req.url ?? "/", "http://fake");
  const basic = (req.headers.authorization ?? "").replace(/^Basic /, "");
  return [
    `authorization=${req.headers.authorization ?? ""}`,
    `decoded=${basic ? Buffer.from(basic, "base64").toString() : ""}`,
    `goog=${req.headers["x-goog-api-key"] ?? ""}`,
    `developer=${req.headers["developer-token"] ?? ""}`,
    `url=${req.url}`,
    `key=${url.searchParams.get("key") ?? ""}`,
    `quoted=${JSON.stringify(url.searchParams.get("key") ?? "")}`,
  ].join(" ");
}

let mode: "json" | "text" | "redirect" = "json";
let received = "";
let server: Server;
let config: Config;
let dataDir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    received = echo(req);
    if (mode === "redirect") {
      res.writeHead(302, { location: `https://fake/invalid_key.html?${req.url?.split("?")[1]}` });
      res.end();
    } else if (mode === "text") {
      res.writeHead(401, { "content-type": "text/plain" }).end(`Denied: ${received}`);
    } else {
      const body = {
        error: { status: "UNAUTHENTICATED", message: received },
        status_message: received,
      };
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify(body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "bis-key-tests-"));
  config = loadConfig({
    BIS_DATA_DIR: dataDir,
    GOOGLE_MAPS_API_URL: url,
    CENSUS_API_URL: url,
    GOOGLE_PLACES_API_URL: url,
    YELP_API_URL: url,
    GOOGLE_ADS_API_URL: url,
    DATAFORSEO_API_URL: url,
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

/** The stored keys of the other half of a composite credential. */
const current = (n: ApiKeyName) =>
  ({
    dataforseoLogin: LOGIN,
    dataforseoPassword: SECRET,
    googleAdsDeveloperToken: SECRET,
    googleAdsAccessToken: SECRET,
  })[n as string];

const SECRET_KEYS: ApiKeyName[] = [
  "googleMaps",
  "census",
  "googlePlaces",
  "yelp",
  "googleAdsDeveloperToken",
  "googleAdsAccessToken",
  "dataforseoPassword",
  "dataforseoLogin",
];

function expectMasked(message: string) {
  for (const form of FORMS) expect(message, `contains ${form}`).not.toContain(form);
  expect(message).toContain("****");
}

describe("a key test against a provider that echoes what it was sent", () => {
  it.each(["json", "text"] as const)(
    "masks every form of the secret in a %s error body",
    async (m) => {
      mode = m;
      for (const name of SECRET_KEYS) {
        received = "";
        const value = name === "dataforseoLogin" ? LOGIN : SECRET;
        const outcome = await testProviderKey(name, value, { config, current });
        // The fake really was sent the secret and echoed it.
        expect(received, name).toContain(SECRET.split(" ")[0]);
        expect(outcome.ok, name).toBe(false);
        expectMasked(outcome.message);
      }
    },
  );

  it("masks the key in the address the Census API redirects to", async () => {
    mode = "redirect";
    const outcome = await testProviderKey("census", SECRET, { config, current });
    expect(outcome.message).toMatch(/redirected to https:\/\/fake\/invalid_key\.html/);
    expectMasked(outcome.message);
  });

  it("masks every form of the secret when the provider cannot be reached and the error quotes the request", async () => {
    // A dispatcher (a proxy, say) whose error repeats the headers and path it was given.
    const quoting = {
      dispatch(options: { path: string; headers?: unknown }) {
        throw new Error(`refused ${options.path} ${JSON.stringify(options.headers)}`);
      },
    } as unknown as Dispatcher;
    for (const name of SECRET_KEYS) {
      const value = name === "dataforseoLogin" ? LOGIN : SECRET;
      const outcome = await testProviderKey(name, value, { config, current, dispatcher: quoting });
      expect(outcome.message, name).toMatch(/could not be reached/);
      expectMasked(outcome.message);
    }
  });

  it("masks every form of the secret in an unexpected error it passes on (the caller logs it)", async () => {
    const broken = Object.defineProperty({ ...config }, "premium", {
      get() {
        throw new Error(
          `settings unreadable near ${PAIR} (${BASE64}, ${encodeURIComponent(SECRET)})`,
        );
      },
    });
    const error = await testProviderKey("dataforseoPassword", SECRET, {
      config: broken,
      current,
    }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expectMasked((error as Error).message);
    for (const form of FORMS) expect((error as Error).stack).not.toContain(form);
  });
});
