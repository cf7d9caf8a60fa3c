#!/usr/bin/env node
/**
 * The example partner site: one static page that embeds the BIS widget, served from its own
 * origin so that the widget's calls are cross-origin, as on a real partner's website.
 *
 *   node examples/partner-site/serve.mjs --bis http://localhost:3000 --port 4000 --key pk_…
 *
 * Then open http://127.0.0.1:4000 — that origin must be on the partner's allowlist.
 * Options (or environment): --bis (BIS_URL, default http://localhost:3000), --key
 * (BIS_PARTNER_KEY), --port (PORT, default 4000), --host (default 127.0.0.1).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { parseArgs } from "node:util";

const PAGE = new URL("./index.html", import.meta.url);
/** What index.html says, for a reader who copies it: the defaults of a local BIS. */
const PLACEHOLDER_BIS = "http://localhost:3000";
const PLACEHOLDER_KEY = "pk_your_partner_key";

function fail(message) {
  process.stderr.write(`partner-site: ${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    bis: { type: "string", default: process.env.BIS_URL ?? PLACEHOLDER_BIS },
    key: { type: "string", default: process.env.BIS_PARTNER_KEY ?? PLACEHOLDER_KEY },
    port: { type: "string", default: process.env.PORT ?? "4000" },
    host: { type: "string", default: "127.0.0.1" },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  process.stdout.write(
    "Usage: node examples/partner-site/serve.mjs --bis http://localhost:3000 --port 4000 --key pk_…\n",
  );
  process.exit(0);
}

let bis;
try {
  bis = new URL(values.bis);
  if (!/^https?:$/.test(bis.protocol)) throw new Error();
} catch {
  fail(`--bis must be the http(s) address of a BIS server, not "${values.bis}"`);
}
// A key only ever holds these characters; anything else would end up in the page's HTML.
if (!/^pk_[A-Za-z0-9_-]+$/.test(values.key))
  fail(`--key must be a partner's public key (pk_…), not "${values.key}"`);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number`);
if (values.key === PLACEHOLDER_KEY)
  process.stderr.write(
    "partner-site: no --key given; create a partner in BIS (Admin → Partners) and pass its pk_… key\n",
  );

const page = readFileSync(PAGE, "utf8")
  .replaceAll(PLACEHOLDER_BIS, bis.origin)
  .replaceAll(PLACEHOLDER_KEY, values.key);

const server = createServer((req, res) => {
  const path = new URL(req.url ?? "/", "http://site").pathname;
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { Allow: "GET, HEAD" }).end();
  } else if (path === "/favicon.ico") {
    res.writeHead(204).end();
  } else if (path === "/" || path === "/index.html") {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(req.method === "HEAD" ? undefined : page);
  } else {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
  }
});

server.listen(port, values.host, () => {
  const address = server.address();
  const url = `http://${values.host}:${typeof address === "object" && address ? address.port : port}`;
  process.stdout.write(`Partner site: ${url} (widget from ${bis.origin}, key ${values.key})\n`);
  process.stdout.write(`Allowed origin to set on the partner in BIS: ${url}\n`);
});

for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => server.close(() => process.exit(0)));
