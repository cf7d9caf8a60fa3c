/**
 * A tiny round-robin HTTP proxy, enough to put several BIS instances behind one address on a
 * development machine (a real deployment uses its load balancer: nginx, HAProxy, a cloud one).
 * Each request goes to the next instance in turn; the instance learns the client's address and
 * scheme from X-Forwarded-For / X-Forwarded-Proto (start BIS with BIS_TRUST_PROXY=1: one hop) and
 * answers with an `X-Bis-Instance` header naming which one served it. An instance that cannot
 * be reached answers 502 for that request; the next request goes to the next instance.
 */
import { createServer, request } from "node:http";

/** Starts the proxy on `host:port` in front of `targets` (base URLs); resolves to the server. */
export function startRoundRobinProxy({ targets, port, host = "127.0.0.1" }) {
  const upstreams = targets.map((t) => new URL(t));
  let next = 0;
  const server = createServer((req, res) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    const upstream = upstreams[index];
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    const outgoing = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "http" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          "x-bis-instance": String(index + 1),
        });
        answer.pipe(res);
      },
    );
    outgoing.on("error", () => {
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(502, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            error: { code: "BAD_GATEWAY", message: `instance ${index + 1} is not answering` },
          }),
        );
      }
    });
    res.on("close", () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    req.pipe(outgoing);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
