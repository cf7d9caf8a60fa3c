/**
 * Where a partner webhook may point. BIS posts leads to the URL an administrator saved, from
 * inside the operator's network: a URL naming a loopback, private, link-local (cloud metadata),
 * carrier-grade NAT or otherwise non-public address — directly, in any of the spellings URL
 * parsing normalizes (2130706433, 0x7f.1, ::ffff:127.0.0.1), or through a host name that
 * resolves to one — would let an administrator's typo or a stolen admin session probe internal
 * services. Such URLs are refused when saved and again before each delivery (names can be
 * re-pointed), unless the operator sets BIS_ALLOW_PRIVATE_WEBHOOKS=true (development, or a
 * partner receiver inside the same network on purpose).
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { AppError } from "../../lib/errors.js";

export const INTERNAL_WEBHOOK_MESSAGE =
  "The webhook URL must not point at an internal address (loopback, private network, link-local or other non-public ranges)";

const LOOKUP_TIMEOUT_MS = 3000;

const internalRanges = (() => {
  const list = new BlockList();
  const v4: Array<[string, number]> = [
    ["0.0.0.0", 8], // "this network"
    ["10.0.0.0", 8],
    ["100.64.0.0", 10], // carrier-grade NAT
    ["127.0.0.0", 8],
    ["169.254.0.0", 16], // link-local, cloud metadata
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.0.2.0", 24],
    ["192.88.99.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["198.51.100.0", 24],
    ["203.0.113.0", 24],
    ["224.0.0.0", 4], // multicast
    ["240.0.0.0", 4], // reserved, broadcast
  ];
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, "ipv4");
  const v6: Array<[string, number]> = [
    ["::", 128],
    ["::1", 128],
    ["64:ff9b::", 96], // NAT64 of IPv4 addresses
    ["64:ff9b:1::", 48],
    ["100::", 64], // discard
    ["2001:db8::", 32], // documentation
    ["2002::", 16], // 6to4 (embeds any IPv4 address)
    ["fc00::", 7], // unique local
    ["fe80::", 10], // link-local
    ["fec0::", 10], // site-local (deprecated)
    ["ff00::", 8], // multicast
  ];
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, "ipv6");
  return list;
})();

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (::ffff:a.b.c.d). */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^::(?:ffff:(?:0:)?)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex?.[1] || !hex[2]) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** True for any address that is not a public unicast address. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internalRanges.check(address, "ipv4");
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return internalRanges.check(v4, "ipv4");
  return internalRanges.check(address, "ipv6");
}

/** Why the URL may not be used, or null when it may. */
export async function internalWebhookReason(value: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return INTERNAL_WEBHOOK_MESSAGE;
  }
  const host = url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (isIP(host)) return isInternalAddress(host) ? INTERNAL_WEBHOOK_MESSAGE : null;
  if (host === "localhost" || host.endsWith(".localhost") || !host.includes(".")) {
    return INTERNAL_WEBHOOK_MESSAGE;
  }
  let addresses: Array<{ address: string }>;
  try {
    addresses = await Promise.race([
      lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("lookup timed out")), LOOKUP_TIMEOUT_MS).unref(),
      ),
    ]);
  } catch {
    // Not resolvable now (no DNS, a name not yet published): checked again before delivery.
    return null;
  }
  return addresses.some((a) => isInternalAddress(a.address)) ? INTERNAL_WEBHOOK_MESSAGE : null;
}

export interface WebhookUrlPolicy {
  /** Throws 400 VALIDATION_FAILED for an internal URL unless private webhooks are allowed. */
  assertAllowed(url: string): Promise<void>;
  /** The reason a delivery must not go to this URL, or null. */
  refusal(url: string): Promise<string | null>;
}

export function createWebhookUrlPolicy({
  allowPrivate,
}: {
  allowPrivate: boolean;
}): WebhookUrlPolicy {
  return {
    async assertAllowed(url) {
      if (allowPrivate) return;
      const reason = await internalWebhookReason(url);
      if (reason) {
        throw new AppError("VALIDATION_FAILED", reason, {
          issues: [{ path: "webhookUrl", message: reason }],
        });
      }
    },
    async refusal(url) {
      return allowPrivate ? null : internalWebhookReason(url);
    },
  };
}
