/**
 * Reports under a partner's brand: the brand's validation (logo type from its bytes,
 * size, dimensions, unsafe SVG, remote URLs, colour and contrast), who may set and see it, the
 * widget's `ref` and administrators' assignments, the logo's headers, and the branded PDF.
 */
import { BRAND_MESSAGES, type Partner, type PartnerBrandInput } from "@bis/sdk";
import type { NodeClient } from "@bis/sdk/node";
import ExcelJS from "exceljs";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  errorOf,
  me,
  type ServerWithUsers,
  signedInUser,
  startWithUsers,
} from "./support/index.js";
import { ink, pageTexts, renderPage } from "./support/pdf.js";

/** A PNG of `width` × `height` in one colour. */
function png(width: number, height: number, rgb: [number, number, number] = [200, 30, 30]) {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i += 1) image.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(image);
}

const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString("base64");

const SVG_LOGO =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#0e7490"/><circle cx="20" cy="20" r="12" fill="#fff"/></svg>';

const BRAND: PartnerBrandInput = {
  displayName: "Acme Growth Partners",
  primaryColor: "#0E7490",
  contactLine: "Call Acme at (555) 010-2000 · acme.example",
};

describe("partner brands", () => {
  let s: ServerWithUsers;
  let acme: Partner;
  let beta: Partner;
  let widgetUser: NodeClient;

  beforeAll(async () => {
    s = await startWithUsers("Rita");
    acme = (
      await s.admin.admin.createPartner({
        name: "Acme",
        allowedOrigins: ["https://acme.example"],
      })
    ).partner;
    beta = (
      await s.admin.admin.createPartner({
        name: "Beta",
        allowedOrigins: ["https://beta.example"],
      })
    ).partner;
    widgetUser = await signedInUser(s.bis, "Wendy", { ref: acme.publicKey });
    // A widget sign-up is a request until an administrator confirms it (partner-membership.test.ts).
    await s.admin.admin.confirmPartnerMember(acme.id, (await me(widgetUser)).id);
  }, 60_000);
  afterAll(async () => {
    await widgetUser?.close();
    await s?.close();
  });

  const save = (input: PartnerBrandInput, id = acme.id) =>
    s.admin.admin.savePartnerBrand(id, input);

  describe("validation: a clear 4xx, never a 500", () => {
    it("refuses a colour that is not a hex colour", async () => {
      const error = await errorOf(save({ ...BRAND, primaryColor: "blue" }));
      expect(error.status).toBe(400);
      expect(error.serverMessage).toBe(BRAND_MESSAGES.primaryColor);
    });

    it("refuses a colour on which neither white nor dark text is legible, with both ratios", async () => {
      const error = await errorOf(save({ ...BRAND, primaryColor: "#777777" }));
      expect(error.status).toBe(400);
      expect(error.serverMessage).toMatch(
        /^Primary colour #777777 keeps no text legible: contrast \d\.\d\d:1 with white text and \d\.\d\d:1 with dark text; at least 4\.5:1 is needed/,
      );
      expect(error.issues[0]?.path).toBe("primaryColor");
    });

    it("picks dark text on a light colour and says so", async () => {
      const saved = await save({ ...BRAND, primaryColor: "#FACC15" }, beta.id);
      expect(saved.brand.textColor).toBe("#0f172a");
      expect(saved.brand.primaryColor).toBe("#facc15");
      expect(saved.contrastNote).toMatch(/^Dark text on #facc15 \(contrast \d+\.\d\d:1\)$/);
    });

    it("refuses a logo URL: logos are uploaded, never fetched", async () => {
      const error = await errorOf(
        save({
          ...BRAND,
          logoUrl: "https://evil.example/logo.png",
        } as unknown as PartnerBrandInput),
      );
      expect(error.status).toBe(400);
      expect(error.serverMessage).toBe(BRAND_MESSAGES.remoteLogo);
    });

    it("takes the type from the bytes: a GIF, or text named like a PNG, is refused", async () => {
      const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
      for (const bytes of [gif, Buffer.from("not an image, whatever the file is called")]) {
        const error = await errorOf(save({ ...BRAND, logo: { dataBase64: b64(bytes) } }));
        expect(error.status).toBe(415);
        expect(error.serverMessage).toBe(BRAND_MESSAGES.logoType);
      }
    });

    it("refuses a logo over 256 KB", async () => {
      const big = Buffer.concat([png(64, 64), Buffer.alloc(300 * 1024)]);
      const error = await errorOf(save({ ...BRAND, logo: { dataBase64: b64(big) } }));
      expect(error.status).toBe(413);
      expect(error.serverMessage).toBe(BRAND_MESSAGES.logoTooLarge);
    });

    it("refuses a PNG too wide or too small, and a broken one", async () => {
      const wide = await errorOf(save({ ...BRAND, logo: { dataBase64: b64(png(2400, 20)) } }));
      expect(wide.status).toBe(400);
      expect(wide.serverMessage).toBe(`${BRAND_MESSAGES.logoDimensions} (this one is 2400 × 20)`);
      const tiny = await errorOf(save({ ...BRAND, logo: { dataBase64: b64(png(8, 8)) } }));
      expect(tiny.serverMessage).toContain("(this one is 8 × 8)");
      const broken = Buffer.from(png(40, 40)).subarray(0, 60);
      const error = await errorOf(save({ ...BRAND, logo: { dataBase64: b64(broken) } }));
      expect(error.status).toBe(400);
      expect(error.serverMessage).toBe(BRAND_MESSAGES.logoBroken);
    });

    it("refuses SVG with a script, an event handler or an external reference", async () => {
      const unsafe = [
        SVG_LOGO.replace("</svg>", "<script>alert(1)</script></svg>"),
        SVG_LOGO.replace("<rect", '<rect onclick="alert(1)"'),
        SVG_LOGO.replace("</svg>", '<image href="https://evil.example/x.png"/></svg>'),
        SVG_LOGO.replace("</svg>", '<image href="file:///etc/passwd"/></svg>'),
        SVG_LOGO.replace('fill="#0e7490"', 'fill="url(https://evil.example/p.svg#g)"'),
        SVG_LOGO.replace("<svg", '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg'),
      ];
      for (const svg of unsafe) {
        const error = await errorOf(save({ ...BRAND, logo: { dataBase64: b64(svg) } }));
        expect(error.status).toBe(400);
        expect(error.serverMessage).toBe(BRAND_MESSAGES.svgUnsafe);
      }
    });
  });

  describe("who may set and see a brand", () => {
    it("lets only administrators set, read or remove a brand and assign users", async () => {
      const calls = [
        () => s.owner.admin.savePartnerBrand(acme.id, BRAND),
        () => s.owner.admin.partnerBrand(acme.id),
        () => s.owner.admin.removePartnerBrand(acme.id),
        () => s.owner.admin.assignPartnerMember(acme.id, "someone@example.com"),
        () => s.owner.admin.partnerMembers(acme.id),
      ];
      for (const call of calls) expect((await errorOf(call())).status).toBe(403);
      const anonymous = await fetch(`${s.bis.url}/api/admin/partners/${acme.id}/brand`);
      expect(anonymous.status).toBe(401);
    });

    it("saves a brand with an SVG logo, rasterised and served as a PNG, and audits it", async () => {
      const saved = await save({ ...BRAND, logo: { dataBase64: b64(SVG_LOGO) } });
      expect(saved.brand).toMatchObject({
        displayName: "Acme Growth Partners",
        primaryColor: "#0e7490",
        textColor: "#ffffff",
        contactLine: BRAND.contactLine,
      });
      expect(saved.contrastNote).toMatch(/^White text on #0e7490 \(contrast 5\.\d\d:1\)$/);
      expect(saved.brand.logoUrl).toMatch(
        new RegExp(`^/api/brands/${acme.id}/logo\\?v=[0-9a-f]{16}$`),
      );
      // Saving again without a logo keeps it.
      const again = await save(BRAND);
      expect(again.brand.logoUrl).toBe(saved.brand.logoUrl);

      const audit = await s.admin.admin.audit();
      const entry = audit.find(
        (e) => e.action === "partner.brand.update" && e.targetId === acme.id,
      );
      expect(entry?.detail).toMatchObject({ displayName: "Acme Growth Partners" });
    });

    it("gives the widget's users their partner's brand, and other users none", async () => {
      const brand = await widgetUser.account.brand();
      expect(brand?.displayName).toBe("Acme Growth Partners");
      expect(await s.other.account.brand()).toBeNull();
    });

    it("serves the logo to the partner's users and administrators only, as a safe cacheable PNG", async () => {
      const brand = await widgetUser.account.brand();
      const url = `${s.bis.url}${brand?.logoUrl}`;
      const response = await widgetUser.fetch(url, { method: "GET" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(response.headers.get("cache-control")).toBe("private, max-age=86400");
      const bytes = Buffer.from(await response.arrayBuffer());
      const image = PNG.sync.read(bytes);
      expect(Math.max(image.width, image.height)).toBe(800);
      const etag = response.headers.get("etag") ?? "";
      const cached = await widgetUser.fetch(url, {
        method: "GET",
        headers: { "If-None-Match": etag },
      });
      expect(cached.status).toBe(304);

      expect((await s.admin.fetch(url, { method: "GET" })).status).toBe(200);
      expect((await s.other.fetch(url, { method: "GET" })).status).toBe(404);
      expect((await fetch(`${s.bis.url}/api/brands/${acme.id}/logo`)).status).toBe(401);
    });
  });

  describe("the widget's ref and administrators' assignments", () => {
    it("does not move an existing account when its address registers again through a widget", async () => {
      const existing = (await widgetUser.auth.user())?.email ?? "";
      const again = await signedInUser(s.bis, "Wendy", {
        ref: beta.publicKey,
        email: existing,
      }).catch(() => null);
      await again?.close();
      expect((await widgetUser.account.brand())?.displayName).toBe("Acme Growth Partners");
    });

    it("ignores an unknown ref: the user registers and reports under BIS's own brand", async () => {
      const user = await signedInUser(s.bis, "Una", { ref: "pk_unknown" });
      try {
        expect(await user.account.brand()).toBeNull();
      } finally {
        await user.close();
      }
    });

    it("assigns any user to a partner and unassigns them, with audit entries", async () => {
      const email = (await s.other.auth.user())?.email ?? "";
      const member = await s.admin.admin.assignPartnerMember(beta.id, email.toUpperCase());
      expect(member).toMatchObject({
        email,
        partnerId: beta.id,
        source: "admin",
        status: "confirmed",
      });
      expect((await s.other.account.brand())?.partnerId).toBe(beta.id);

      const members = await s.admin.admin.partnerMembers(acme.id);
      expect(members.map((m) => [m.source, m.status, m.email])).toContainEqual([
        "widget",
        "confirmed",
        (await widgetUser.auth.user())?.email,
      ]);

      await s.admin.admin.unassignPartnerMember(beta.id, member.userId);
      expect(await s.other.account.brand()).toBeNull();
      const actions = (await s.admin.admin.audit()).map((e) => e.action);
      expect(actions).toContain("partner.member.assign");
      expect(actions).toContain("partner.member.unassign");
    });

    it("says so when the address has no account", async () => {
      const error = await errorOf(s.admin.admin.assignPartnerMember(beta.id, "nobody@example.com"));
      expect(error.status).toBe(404);
      expect(error.serverMessage).toBe(BRAND_MESSAGES.userNotFound);
    });

    it("drops the brand when the partner is revoked", async () => {
      const email = (await s.other.auth.user())?.email ?? "";
      await s.admin.admin.assignPartnerMember(beta.id, email);
      await s.admin.admin.revokePartner(beta.id);
      expect(await s.other.account.brand()).toBeNull();
    });
  });

  describe("the PDF report under the brand", () => {
    it("carries the brand's name, contact line and colour, with BIS in small print", async () => {
      const { analysis } = await widgetUser.analyses.analyze({
        state: "TX",
        city: "Austin",
        industry: "HVAC",
        primaryRadius: 10,
        secondaryRadius: 15,
      });
      await widgetUser.payments.confirmDemo({ analysisId: analysis.id });
      const bytes = await widgetUser.premium.report(analysis.id);
      const pages = await pageTexts(bytes);
      expect(pages[0]).toContain("Acme Growth Partners");
      expect(pages[0]).toContain("Data and analysis by BIS");
      for (const page of pages) {
        expect(page).toContain("Data and analysis by BIS");
        expect(page).toContain("Call Acme at (555) 010-2000");
      }

      const cover = renderPage(bytes, 1);
      expect(ink(cover).nonWhite).toBeGreaterThan(0.2);
      // The band is the brand's colour (#0e7490), not BIS's blue.
      const at = (x: number, y: number) => [
        ...cover.data.subarray((y * cover.width + x) * 4, (y * cover.width + x) * 4 + 3),
      ];
      const [r, g, b] = at(Math.round(cover.width * 0.6), 4) as [number, number, number];
      expect(Math.abs(r - 0x0e)).toBeLessThan(12);
      expect(Math.abs(g - 0x74)).toBeLessThan(12);
      expect(Math.abs(b - 0x90)).toBeLessThan(12);

      // An administrator downloading it gets the owner's brand too, and sees it on the page.
      const asAdmin = await pageTexts(await s.admin.premium.report(analysis.id));
      expect(asAdmin[0]).toContain("Acme Growth Partners");
      expect((await widgetUser.account.analysisBrand(analysis.id))?.displayName).toBe(
        "Acme Growth Partners",
      );
      expect((await s.admin.account.analysisBrand(analysis.id))?.displayName).toBe(
        "Acme Growth Partners",
      );
      expect((await errorOf(s.other.account.analysisBrand(analysis.id))).status).toBe(404);
      const own = await s.owner.analyses.analyze({
        state: "TX",
        city: "Waco",
        industry: "HVAC",
        primaryRadius: 10,
        secondaryRadius: 15,
      });
      expect(await s.admin.account.analysisBrand(own.analysis.id)).toBeNull();
    }, 60_000);

    it("brands the partner's users' comparison report and workbook too", async () => {
      const area = { state: "TX", industry: "HVAC", primaryRadius: 10, secondaryRadius: 15 };
      const austin = await widgetUser.analyses.analyze({ ...area, city: "Austin" });
      const waco = await widgetUser.analyses.analyze({ ...area, city: "Waco" });
      const comparison = await widgetUser.comparisons.create({
        analysisIds: [austin.analysis.id, waco.analysis.id],
      });
      const pages = await pageTexts(await widgetUser.comparisons.export(comparison.id, "pdf"));
      expect(pages[0]).toContain("Acme Growth Partners");
      expect(pages.join("\n")).toContain("Waco");
      for (const page of pages) expect(page).toContain("Data and analysis by BIS");

      const book = new ExcelJS.Workbook();
      const xlsx = await widgetUser.comparisons.export(comparison.id, "xlsx");
      await book.xlsx.load(Buffer.from(xlsx) as unknown as ArrayBuffer);
      expect(book.creator).toBe("Acme Growth Partners (data and analysis by BIS)");

      // A user without a partner gets BIS's own report.
      const own = await s.owner.comparisons.create({
        analysisIds: [
          (await s.owner.analyses.analyze({ ...area, city: "Austin" })).analysis.id,
          (await s.owner.analyses.analyze({ ...area, city: "Waco" })).analysis.id,
        ],
      });
      const plain = await pageTexts(await s.owner.comparisons.export(own.id, "pdf"));
      expect(plain.join("\n")).not.toContain("Acme Growth Partners");
    }, 90_000);
  });
});
