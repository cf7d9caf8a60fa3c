/**
 * What the local fakes of outside services share: an HTTP server on a free loopback port,
 * answers held back for a while (their "slow" mode), and a close that cancels those and drops
 * open connections.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A fake of an outside service: its address, what it was asked, a failure mode, close. */
export interface FakeService<Request, Failure> {
  url: string;
  requests: Request[];
  /** Every request fails this way until `fail(null)`. */
  fail(mode: Failure | null): void;
  close(): Promise<void>;
}

export interface LocalServer {
  url: string;
  /** Runs `answer` after `ms`, unless the client has gone or the server was closed first. */
  later(res: ServerResponse, ms: number, answer: () => void): void;
  close(): Promise<void>;
}

export async function startLocalServer(
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
): Promise<LocalServer> {
  const timers = new Set<NodeJS.Timeout>();
  // An async listener that throws answers 500 instead of leaving the request hanging.
  const server = createServer((req, res) => {
    Promise.resolve(listener(req, res)).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    later(res, ms, answer) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer();
      }, ms);
      timers.add(timer);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
