import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Addresses that are not on the public internet, from IANA's IPv4 and IPv6
 * special-purpose address registries (those not globally reachable), plus multicast.
 * A webhook must never reach these: the server's own ports, the operator's network,
 * a cloud's metadata service (169.254.169.254).
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the host itself
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
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  notPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["2001::", 23], // IETF protocol assignments, Teredo (which embeds an IPv4 address)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 (embeds an IPv4 address)
  ["3fff::", 20], // documentation
] as const) {
  notPublic.addSubnet(network, prefix, "ipv6");
}

/**
 * IPv6 is allowed only inside global unicast (2000::/3). That leaves out, among others,
 * ::1, ::, fc00::/7 (unique local), fe80::/10 (link-local), ff00::/8 (multicast),
 * 64:ff9b::/96 (NAT64) and every IPv4-mapped address (::ffff:0:0/96), whose IPv4
 * half BlockList would also match against the IPv4 ranges above.
 */
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet("2000::", 3, "ipv6");

/** Whether `address` (an IP literal) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, "ipv4");
  if (family === 6) {
    // A zone id ("fe80::1%eth0") names an interface of this machine: never public.
    if (address.includes("%")) return false;
    return globalUnicastV6.check(address, "ipv6") && !notPublic.check(address, "ipv6");
  }
  return false;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * How webhooks reach the network: name resolution and the addresses allowed. The app
 * uses `publicNetwork`, or `networkAllowing` the networks its operator named in
 * WEBHOOK_ALLOWED_NETWORKS (a build server on the office network); tests inject their
 * own (a resolver that answers a private address) through the services.
 */
export interface WebhookNetwork {
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  allows(address: string): boolean;
}

export const publicNetwork: WebhookNetwork = {
  async resolve(hostname) {
    const found = await lookup(hostname, { all: true, verbatim: true });
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  },
  allows: isPublicAddress,
};

/** A network the operator lets webhooks reach besides the public internet, e.g. 10.1.0.0/16. */
export interface AllowedNetwork {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/**
 * "10.1.0.0/16, 192.168.7.20" → the networks (a lone address is a network of one), or the
 * first entry that is not one, as an error for the configuration's message.
 */
export function parseAllowedNetworks(text: string): AllowedNetwork[] | { invalid: string } {
  const networks: AllowedNetwork[] = [];
  for (const entry of text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = "", bits] = entry.split("/");
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : Number(bits);
    if (!family || !/^\d+$/.test(bits ?? String(max)) || prefix < 8 || prefix > max) return { invalid: entry };
    networks.push({ address, prefix, family: family === 6 ? "ipv6" : "ipv4" });
  }
  return networks;
}

/** The public internet and the operator's own networks; nothing else. */
export function networkAllowing(networks: readonly AllowedNetwork[]): WebhookNetwork {
  if (networks.length === 0) return publicNetwork;
  const allowed = new BlockList();
  for (const network of networks) allowed.addSubnet(network.address, network.prefix, network.family);
  return {
    resolve: publicNetwork.resolve,
    allows: (address) => {
      const family = isIP(address);
      return isPublicAddress(address) || (family !== 0 && allowed.check(address, family === 6 ? "ipv6" : "ipv4"));
    },
  };
}

/** Why a URL's host may not be posted to, in words the user reads. */
export class WebhookAddressError extends Error {
  constructor(
    message: string,
    /** DNS did not answer (or not yet): worth trying again later. */
    readonly transient = false,
  ) {
    super(message);
    this.name = "WebhookAddressError";
  }
}

/** The hostname of a URL as DNS or an IP parser takes it ("[::1]" → "::1"). */
function bareHost(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Resolves the URL's host and checks every address it has: one private address
 * among public ones refuses the URL, since any of them could be the one connected to.
 * Returns the address to connect to; the caller connects to exactly that one.
 */
export async function resolvePublicAddress(url: URL, network: WebhookNetwork): Promise<ResolvedAddress> {
  const host = bareHost(url);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await network.resolve(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const missing = code === "ENOTFOUND" || code === "ENODATA";
      throw new WebhookAddressError(
        missing ? `The host ${host} could not be found.` : `The host ${host} could not be looked up.`,
        true,
      );
    }
    if (addresses.length === 0) throw new WebhookAddressError(`The host ${host} could not be found.`, true);
  }
  const refused = addresses.find((a) => !network.allows(a.address));
  if (refused) {
    const via = literal ? "" : ` (${host} resolves to ${refused.address})`;
    throw new WebhookAddressError(
      `Webhooks are only sent to public internet addresses (and networks the operator allows), not to private, loopback or link-local ones${via}.`,
    );
  }
  return addresses[0]!;
}
