/**
 * No logo can stall the server: SVG filters and other slow primitives are refused at
 * upload with a 400, and what is drawn is drawn in a child process with a deadline, so
 * `/api/health` keeps answering within 100 ms while such a logo is submitted.
 */
import { BRAND_MESSAGES, type Partner, type PartnerBrandInput } from "@bis/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rasteriseSvg, rasterWorkerPath } from "../src/report/logo-raster.js";
import { errorOf, type ServerWithUsers, startWithUsers } from "./support/index.js";

/** The security pass's 171-byte logo: 10.6 s of a blocked server with radius 50. */
const morphology = (radius: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><filter id="f"><feMorphology radius="${radius}"/></filter><rect width="600" height="600" filter="url(#f)"/></svg>`;

const BRAND: PartnerBrandInput = { displayName: "Acme", primaryColor: "#0E7490" };
const b64 = (text: string) => Buffer.from(text).toString("base64");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest gap between ticks of a 10 ms timer while `work` runs: how long the loop stalled. */
async function longestStall<T>(work: Promise<T>): Promise<{ stall: number; outcome: unknown }> {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const at = performance.now();
    stall = Math.max(stall, at - last);
    last = at;
  }, 10);
  const outcome = await work.catch((error: unknown) => error);
  clearInterval(timer);
  return { stall, outcome };
}

describe("SVG logos cannot stall the server", () => {
  let s: ServerWithUsers;
  let acme: Partner;

  beforeAll(async () => {
    s = await startWithUsers("Rita");
    acme = (
      await s.admin.admin.createPartner({ name: "Acme", allowedOrigins: ["https://acme.example"] })
    ).partner;
  }, 60_000);
  afterAll(() => s?.close());

  /**
   * The slowest of the health checks sent from the moment the upload is sent until it is
   * answered (five at least), and the upload's error.
   */
  async function healthDuringUpload(radius: number) {
    // A warm connection, so that only the server's answer is timed.
    expect((await fetch(`${s.bis.url}/api/health`)).status).toBe(200);
    const upload = s.admin.admin.savePartnerBrand(acme.id, {
      ...BRAND,
      logo: { dataBase64: b64(morphology(radius)) },
    });
    let settled = false;
    const result = errorOf(upload).finally(() => {
      settled = true;
    });
    const latencies: number[] = [];
    while (!settled || latencies.length < 5) {
      const started = performance.now();
      const health = await fetch(`${s.bis.url}/api/health`);
      latencies.push(performance.now() - started);
      expect(health.status).toBe(200);
      await sleep(10);
    }
    return { slowest: Math.max(...latencies), error: await result };
  }

  it.each([50, 1000])(
    "refuses an feMorphology radius=%i logo with a 400 while /api/health answers within 100 ms",
    async (radius) => {
      expect(Buffer.byteLength(morphology(50))).toBeLessThan(200);
      // Up to three uploads: on a machine busy with other test files one health check can miss
      // 100 ms for reasons of its own; a logo that stalls the server (seconds) misses it in all.
      const slowest: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const outcome = await healthDuringUpload(radius);
        expect(outcome.error.status).toBe(400);
        expect(outcome.error.serverMessage).toBe(BRAND_MESSAGES.svgExpensive);
        slowest.push(outcome.slowest);
        if (outcome.slowest < 100) break;
      }
      expect(Math.min(...slowest), `slowest health check of each upload: ${slowest}`).toBeLessThan(
        100,
      );
    },
    30_000,
  );

  it("refuses other filters, patterns and a flood of <use> copies, and still takes a plain SVG", async () => {
    const plain =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect id="r" width="10" height="10"/></svg>';
    const slow = [
      plain.replace("<rect", '<filter id="b"><feGaussianBlur stdDeviation="900"/></filter><rect'),
      plain.replace("<rect", '<rect style="filter: blur(40px)"'),
      plain.replace("<rect", '<pattern id="p" width="0.01" height="0.01"><rect/></pattern><rect'),
      plain.replace("</svg>", `${'<use href="#r"/>'.repeat(51)}</svg>`),
    ];
    for (const svg of slow) {
      const error = await errorOf(
        s.admin.admin.savePartnerBrand(acme.id, { ...BRAND, logo: { dataBase64: b64(svg) } }),
      );
      expect(error.status, svg).toBe(400);
      expect(error.serverMessage).toBe(BRAND_MESSAGES.svgExpensive);
    }
    const saved = await s.admin.admin.savePartnerBrand(acme.id, {
      ...BRAND,
      logo: { dataBase64: b64(plain.replace("</svg>", `${'<use href="#r"/>'.repeat(50)}</svg>`)) },
    });
    expect(saved.brand.logoUrl).toMatch(/^\/api\/brands\/.+\/logo\?v=/);
  });
});

describe("the logo rasteriser", () => {
  it("is found beside its module (src/report from the sources, dist/ in the build)", () => {
    expect(rasterWorkerPath()).toMatch(/[/\\]logo-raster-worker\.js$/);
  });

  it("draws off the main thread and gives up at its deadline with a 400, the loop never stalled", async () => {
    // Up to three runs, as for the health checks above: a busy machine can delay one timer tick
    // past 100 ms; drawing on the main thread would stall the loop for seconds in every run.
    const stalls: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const started = performance.now();
      // Past the upload check: what the deadline is there for.
      const { stall, outcome } = await longestStall(
        rasteriseSvg(morphology(1000), { side: 800, timeoutMs: 1_000 }),
      );
      const elapsed = performance.now() - started;
      expect(outcome).toMatchObject({
        code: "VALIDATION_FAILED",
        message: BRAND_MESSAGES.svgTooComplex,
      });
      expect(elapsed).toBeGreaterThanOrEqual(990);
      expect(elapsed).toBeLessThan(3_000);
      stalls.push(stall);
      if (stall < 100) break;
    }
    expect(Math.min(...stalls), `longest stall of each run: ${stalls}`).toBeLessThan(100);
  }, 15_000);

  it("draws a plain SVG to a PNG of the asked size", async () => {
    const png = await rasteriseSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40"/></svg>',
      { side: 800 },
    );
    expect(png.readUInt32BE(16)).toBe(800);
    expect(png.readUInt32BE(20)).toBe(267);
  });
});
