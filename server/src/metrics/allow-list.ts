/**
 * METRICS_ALLOW: which client addresses may read /metrics. A comma-separated list of addresses and CIDR ranges,
 * IPv4 or IPv6 (`127.0.0.1,::1,10.0.0.0/8`); loopback by default, so the metrics are never public unless the
 * operator says which scraper may read them.
 */
import { BlockList, isIP } from 'node:net';

export const DEFAULT_METRICS_ALLOW = '127.0.0.1,::1';

export interface AllowList {
  /** The list as configured (for messages). */
  text: string;
  allows(address: string | undefined): boolean;
}

/** Parse the list; throws an Error naming the first entry that is neither an address nor a CIDR range. */
export function parseAllowList(raw: string): AllowList {
  const list = new BlockList();
  const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) throw new Error('expected addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,::1,10.0.0.0/8)');
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    const maxPrefix = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > maxPrefix || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new Error(`"${entry}" is not an IP address or CIDR range`);
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return {
    text: entries.join(','),
    allows(address) {
      if (!address) return false;
      // An IPv4 client on a dual-stack socket appears as ::ffff:a.b.c.d.
      const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}
