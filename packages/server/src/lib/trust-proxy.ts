/**
 * `BIS_TRUST_PROXY`: which proxies in front of BIS Express may believe about the
 * client's address, in Express's `trust proxy` forms (https://expressjs.com/en/guide/behind-proxies.html):
 *
 * - `false` / `no` (default): no proxy; the client address is the connection's.
 * - a hop count, `1`, `2`, …: the address that many hops from the right of `X-Forwarded-For`
 *   (a load balancer that appends the client's address is 1 hop). `0` is `false`.
 * - a list of proxy addresses, CIDR ranges or the names `loopback`, `linklocal`, `uniquelocal`:
 *   the right-most address that is not one of them.
 * - `true` / `yes`: every proxy; the LEFT-most `X-Forwarded-For` address, which the client
 *   chooses unless the proxy overwrites the header. Only behind a proxy that does.
 *
 * A hop count or a list keeps a client from choosing its own rate-limit address behind a proxy
 * that appends to the header.
 */
import { isIP } from "node:net";
import { z } from "zod";

export type TrustProxy = boolean | number | string[];

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** Whether `entry` is an address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a named range. */
function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const MESSAGE =
  "must be true, false, a hop count (1, 2, …) or a comma-separated list of proxy addresses or CIDR ranges";

/** The environment variable's value, parsed into what `app.set("trust proxy", …)` takes. */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((raw, ctx): TrustProxy => {
    const value = raw.toLowerCase();
    if (value === "true" || value === "yes") return true;
    if (value === "false" || value === "no") return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 100) return hops === 0 ? false : hops;
    }
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
    if (entries.length > 0 && entries.every(isProxyEntry)) return entries;
    ctx.addIssue({ code: "custom", message: MESSAGE });
    return z.NEVER;
  });
