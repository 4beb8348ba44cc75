import { isIPv4, isIPv6 } from "node:net";

/** The leading 16-bit groups of an IPv6 address that name one client: a /64, what one home or host is handed. */
const IPV6_CLIENT_GROUPS = 4;

/**
 * The client a request's address names, for bounds counted per client (as the rate limiter counts them): an IPv4
 * address as it is (an IPv4-mapped IPv6 address as its IPv4 address), an IPv6 address by its /64, since one client
 * holds a whole /64 and could take a new address for every request. `ip` is Fastify's `request.ip`, which follows
 * `TRUST_PROXY` for the address behind a proxy.
 */
export function clientKey(ip: string): string {
  const address = ip.toLowerCase();
  if (!isIPv6(address)) return address;
  const mapped = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : "";
  if (isIPv4(mapped)) return mapped;
  return `${expandIPv6(address).slice(0, IPV6_CLIENT_GROUPS).join(":")}::/64`;
}

/** The eight groups of a valid IPv6 address, each as a number in hex without leading zeros. */
function expandIPv6(address: string): string[] {
  const plain = address.split("%")[0] ?? address;
  const groupsOf = (part: string): string[] => {
    if (part === "") return [];
    const groups = part.split(":");
    const last = groups.at(-1) ?? "";
    // An embedded IPv4 address (`64:ff9b::192.0.2.1`) fills the last two groups.
    if (isIPv4(last)) {
      const [a = 0, b = 0, c = 0, d = 0] = last.split(".").map(Number);
      groups.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return groups;
  };
  const gap = plain.indexOf("::");
  const head = groupsOf(gap < 0 ? plain : plain.slice(0, gap));
  const tail = gap < 0 ? [] : groupsOf(plain.slice(gap + 2));
  const zeros = Array<string>(Math.max(0, 8 - head.length - tail.length)).fill("0");
  return [...head, ...zeros, ...tail].map((group) => Number.parseInt(group, 16).toString(16));
}
