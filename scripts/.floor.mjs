import path from "node:path";
import autocannon from "autocannon";
import { adminSession, root, startBenchServer } from "./lib/bench-server.mjs";

const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
const server = await startBenchServer({
  serverArgs: [...nodeArgs, path.join(root, "packages/server/dist/cli.js"), "start"],
});
const headers = await adminSession(server.baseUrl);
for (const url of (process.env.URLS ?? "/api/health").split(",")) {
  const c0 = server.cpuMs();
  const r = await autocannon({ url: server.baseUrl + url, connections: 4, duration: 5, headers });
  console.log(
    url,
    r.requests.average,
    "req/s",
    "p97.5",
    r.latency.p97_5,
    "non2xx",
    r.non2xx,
    "cpu ms/req",
    ((server.cpuMs() - c0) / r.requests.total).toFixed(3),
  );
}
await server.stop?.();
process.exit(0);
