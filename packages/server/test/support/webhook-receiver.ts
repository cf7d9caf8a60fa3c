/** A partner's webhook endpoint on loopback that counts what it receives (node:http). */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived (ms since 1970). */
  at: number;
}

/** Answers each path with the statuses queued for it (200 once the queue is empty). */
export async function startWebhookReceiver() {
  const received: ReceivedDelivery[] = [];
  const plans = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const p = req.url ?? "/";
      received.push({
        path: p,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      });
      const status = plans.get(p)?.shift() ?? 200;
      res.writeHead(status, { "Content-Type": "text/plain" }).end(status === 200 ? "ok" : "no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (p: string) => `http://127.0.0.1:${port}${p}`,
    received,
    /** What arrived at one path. */
    at: (p: string) => received.filter((r) => r.path === p),
    plan: (p: string, statuses: number[]) => plans.set(p, [...statuses]),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** Polls `check` every 50 ms until it answers a value, or fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}
