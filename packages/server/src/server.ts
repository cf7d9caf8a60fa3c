/** Starts BIS on a port and stops it cleanly. */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createApp } from "./app.js";
import type { Config } from "./config.js";
import { type AppContext, createContext } from "./context.js";
import { createHttpServer } from "./http/node-server.js";

export interface RunningServer {
  url: string;
  port: number;
  context: AppContext;
  server: Server;
  close(): Promise<void>;
}

/**
 * `warmFirst` (the default): the place index is built before the port opens, so the first
 * analysis never waits (tests, benchmarks). `bis-server start` passes false: the port opens at
 * once and the index is built right after (so that `npm start` answers in seconds); pages
 * and sign-in are served meanwhile, and an analysis asked for before it is ready waits for
 * the same load.
 */
export async function startServer(
  config: Config,
  { warmFirst = true }: { warmFirst?: boolean } = {},
): Promise<RunningServer> {
  const context = await createContext(config);
  const warming = performance.now();
  const warm = () =>
    context.places
      .warm()
      .then(() =>
        context.logger.info(
          { ms: Math.round(performance.now() - warming) },
          "place data loaded and indexed",
        ),
      )
      .catch((error: unknown) => context.logger.warn({ err: error }, "place data not ready"));
  if (warmFirst) await warm();
  const app = createApp(context);
  // Durable jobs: webhook attempts run on this instance (and any still owed are queued).
  await context.jobs.start();
  await context.services.webhooks.start();
  const server = createHttpServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    if (config.host) server.listen(config.port, config.host, resolve);
    else server.listen(config.port, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  if (!warmFirst) setImmediate(() => void warm());
  // Listed among the live instances (System tab) from now until close() (bis-server commands
  // that open a context without serving are not instances).
  await context.services.instances.start();
  context.lifecycle.ready();
  const url = config.baseUrl;
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    context,
    server,
    /**
     * Graceful shutdown: the readiness check answers 503 at once, no new connection is
     * accepted, requests in flight finish (connections still open after 10 s are cut), then
     * background work stops, this instance's row goes, the last log lines are written and the
     * database closes.
     */
    close() {
      context.lifecycle.drain();
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          context.close().then(resolve, resolve);
        });
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      });
      return closing;
    },
  };
}
