/**
 * Issue 36, low item a: the message a key test stores ("last test") never carries the key, even
 * when the key has double spaces or `<…>` that normalising the provider's text would change.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../config.js";
import { snippet } from "../upstream/messages.js";
import { testProviderKey } from "./key-tests.js";

/** Keys a normalised excerpt would no longer match: double spaces, a tag, a line break. */
const AWKWARD_KEYS = ["census  key  0000  1111", "census<b>key</b>2222", "census\nkey\t3333"];

describe("snippet", () => {
  it("hides a secret before it drops tags and collapses whitespace", () => {
    for (const key of AWKWARD_KEYS) {
      const said = snippet(`Invalid key: ${key} (see <a href="/docs">docs</a>)`, [key]);
      expect(said).toBe("Invalid key: **** (see docs )");
    }
  });

  it("still hides a secret that only the normalised text spells", () => {
    expect(snippet("key is abc\n  def", ["abc def"])).toBe("key is ****");
  });
});

describe("a key test's message", () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    // A Census Data API that refuses every key and quotes it back, as some providers do.
    server = createServer((req, res) => {
      const key = new URL(req.url ?? "/", "http://x").searchParams.get("key") ?? "";
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `The key ${key} is not valid` } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("never carries the key, whatever spaces or angle brackets it has", async () => {
    const config = {
      baseUrl: "http://bis.test",
      places: { census: { baseUrl, vintage: "2023" } },
    } as unknown as Config;
    for (const key of AWKWARD_KEYS) {
      const outcome = await testProviderKey("census", key, { config, current: () => undefined });
      expect(outcome.ok).toBe(false);
      expect(outcome.message).toBe(
        "Census Data API rejected the key (HTTP 400): The key **** is not valid",
      );
      expect(outcome.message).not.toMatch(/census|\d{4}/);
    }
  });
});
