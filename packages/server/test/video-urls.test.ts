/**
 * Issue 36 (low e): an administrator's video URL is embedded in a frame sandboxed with
 * `allow-scripts allow-same-origin`; one on BIS's own origin could lift that sandbox, and a
 * plain http one is mixed content. Both are refused (400, naming the field); other sites' https
 * players are kept.
 */
import { VIDEO_SETTING_LABELS } from "@bis/sdk";
import type { NodeClient } from "@bis/sdk/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, signedInAdmin, startTestServer, type TestServer } from "./support/index.js";

/** Where BIS is also served (BIS_TRUSTED_ORIGINS): its public https origin, say. */
const PUBLIC_ORIGIN = "https://bis.example.com";

describe("video URLs", () => {
  let bis: TestServer;
  let admin: NodeClient;
  beforeAll(async () => {
    bis = await startTestServer({ BIS_LOG_LEVEL: "silent", BIS_TRUSTED_ORIGINS: PUBLIC_ORIGIN });
    admin = await signedInAdmin(bis);
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await bis?.close();
  });

  it("refuses BIS's own origin for every video, with the field's message", async () => {
    const before = await admin.admin.settings();
    for (const key of Object.keys(VIDEO_SETTING_LABELS) as (keyof typeof VIDEO_SETTING_LABELS)[]) {
      for (const url of [`${PUBLIC_ORIGIN}/`, `${PUBLIC_ORIGIN}/api/admin/users`]) {
        const error = await errorOf(admin.admin.updateSettings({ [key]: url }));
        expect([error.status, error.code, error.issues[0]?.path]).toEqual([
          400,
          "VALIDATION_FAILED",
          key,
        ]);
        expect(error.serverMessage).toBe(
          `${VIDEO_SETTING_LABELS[key]} must be on another site than BIS itself (${PUBLIC_ORIGIN}): use the video's address at YouTube, Vimeo or another video host`,
        );
      }
    }
    expect(await admin.admin.settings()).toEqual(before);
  });

  it("refuses plain http, and keeps other sites' https players", async () => {
    const plain = await errorOf(
      admin.admin.updateSettings({ premiumOfferVideoUrl: "http://www.youtube.com/embed/x" }),
    );
    expect([plain.status, plain.serverMessage]).toEqual([
      400,
      "Premium offer video URL must be an https:// URL, or empty",
    ]);
    const saved = await admin.admin.updateSettings({
      landingPageVideoUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ",
      premiumOfferVideoUrl: "https://player.vimeo.com/video/76979871",
      // A subdomain of BIS's host is another origin: allowed.
      keywordEducationVideoUrl: "https://videos.bis.example.com/keywords.mp4",
    });
    expect(saved.landingPageVideoUrl).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(saved.keywordEducationVideoUrl).toBe("https://videos.bis.example.com/keywords.mp4");
  });
});
