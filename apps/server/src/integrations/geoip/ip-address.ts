import { isIPv4, isIPv6 } from 'node:net';

export interface PublicIpAddress {
  address: string;
  family: 4 | 6;
}

// Ranges no geo database can place: private, shared (CGNAT), loopback, link-local, documentation,
// benchmarking, multicast and reserved space (RFC 6890 and the IANA special-purpose registries).
// Checked by hand because node:net's BlockList costs about 8 µs a check, more than the lookup.
const NON_PUBLIC_IPV4: ReadonlyArray<readonly [network: string, prefix: number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function ipv4ToNumber(ipv4: string): number {
  let value = 0;
  for (const octet of ipv4.split('.')) value = value * 256 + Number(octet);
  return value;
}

function prefixMask(prefix: number): number {
  return prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
}

const NON_PUBLIC_IPV4_MASKS = NON_PUBLIC_IPV4.map(([network, prefix]) => {
  const mask = prefixMask(prefix);
  return { mask, network: (ipv4ToNumber(network) & mask) >>> 0 };
});

function isPublicIpv4(ipv4: string): boolean {
  const value = ipv4ToNumber(ipv4);
  return NON_PUBLIC_IPV4_MASKS.every(({ mask, network }) => ((value & mask) >>> 0) !== network);
}

/** The eight 16-bit groups of an address that isIPv6 has accepted (zone index already removed). */
function ipv6Groups(ipv6: string): number[] {
  const toGroups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const value = ipv4ToNumber(group);
          return [Math.floor(value / 65536), value % 65536];
        });
  const [head = '', tail] = ipv6.split('::');
  const headGroups = toGroups(head);
  if (tail === undefined) return headGroups;
  const tailGroups = toGroups(tail);
  return [...headGroups, ...Array<number>(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
}

function isPublicIpv6(groups: readonly number[]): boolean {
  const [first = 0, second = 0, third = 0, fourth = 0] = groups;
  const upperHalfIsZero = second === 0 && third === 0 && fourth === 0;
  if (first === 0 && upperHalfIsZero && groups.slice(4, 7).every((group) => group === 0)) {
    return false; // :: (unspecified) and ::1 (loopback), and the rest of the old IPv4-compatible ::/96
  }
  if (first === 0x0100 && upperHalfIsZero) return false; // 100::/64, discard-only
  if (first === 0x2001 && second === 0x0db8) return false; // 2001:db8::/32, documentation
  if ((first & 0xfe00) === 0xfc00) return false; // fc00::/7, unique local
  if ((first & 0xffc0) === 0xfe80) return false; // fe80::/10, link-local
  if ((first & 0xff00) === 0xff00) return false; // ff00::/8, multicast
  return true;
}

function isIpv4Mapped(groups: readonly number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

/**
 * The address as a geo database should see it, or null when it is not a public unicast address.
 * IPv4-mapped IPv6 addresses (::ffff:1.2.3.4 in any spelling) come back as IPv4; an IPv6 zone
 * index (%eth0) is dropped.
 */
export function toPublicIpAddress(input: string): PublicIpAddress | null {
  const trimmed = input.trim();
  if (isIPv4(trimmed)) return isPublicIpv4(trimmed) ? { address: trimmed, family: 4 } : null;

  const withoutZone = trimmed.split('%', 1)[0] ?? '';
  if (!isIPv6(withoutZone)) return null;
  const groups = ipv6Groups(withoutZone);
  if (isIpv4Mapped(groups)) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return toPublicIpAddress(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
  }
  return isPublicIpv6(groups) ? { address: withoutZone, family: 6 } : null;
}
