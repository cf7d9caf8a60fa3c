import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpServer } from "./node-server.js";

describe("createHttpServer", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("makes requests and responses with the prototypes Express gives them, so Express's switch changes nothing", async () => {
    const app = express();
    const seen: { arrived: object[]; routed: object[] } = { arrived: [], routed: [] };
    app.get("/hello", (req, res) => {
      seen.routed.push(Object.getPrototypeOf(req), Object.getPrototypeOf(res));
      res.status(201).json({ hello: req.get("x-name") });
    });
    const server = createHttpServer(app);
    // Before Express: what Node made.
    server.prependListener("request", (req, res) => {
      seen.arrived.push(Object.getPrototypeOf(req), Object.getPrototypeOf(res));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    const { port } = server.address() as AddressInfo;

    for (const name of ["Ada", "Grace"]) {
      const answer = await fetch(`http://127.0.0.1:${port}/hello`, { headers: { "x-name": name } });
      expect(answer.status).toBe(201);
      expect(await answer.json()).toEqual({ hello: name });
    }
    // The very same objects (identity, not likeness).
    const made = [app.request, app.response, app.request, app.response];
    expect(seen.arrived.map((proto, i) => proto === made[i])).toEqual([true, true, true, true]);
    expect(seen.routed.map((proto, i) => proto === made[i])).toEqual([true, true, true, true]);
  });

  it("keeps Node's and Express's methods on the chain", () => {
    const app = express();
    createHttpServer(app);
    // Express's own (from express.request / express.response) and Node's underneath.
    expect(app.request.get).toBe(express.request.get);
    expect(app.response.json).toBe(express.response.json);
    expect(typeof app.response.setHeader).toBe("function");
    expect(typeof app.request.setTimeout).toBe("function");
    expect((app.request as unknown as { app: unknown }).app).toBe(app);
  });
});
