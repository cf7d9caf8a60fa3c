/**
 * The Node flags `npm start` and the benchmarks run the server with (one list, so a benchmark
 * measures the server as it is started). Run `bis-server` under your own process manager with
 * the same flags, e.g. `NODE_OPTIONS=--max-semi-space-size=32`.
 *
 * --max-semi-space-size=32: a 32 MB young generation (V8's default on 64-bit is 16 MB). Each
 * 100-mile analysis allocates about 1 MB of short-lived objects; with the default, V8 scavenges
 * every 20–30 analyses and promotes what four requests in flight still hold, which the old
 * generation's collector then marks beside the 100 MB of place data. Twice the room halves the
 * scavenges and the promotions: server CPU per New York 50/100 mi analysis 10 % lower
 * (docs/performance.md), for 32 MB more memory.
 */
export const SERVER_NODE_ARGS = ["--max-semi-space-size=32"];
