import { isIPv4, isIPv6 } from 'node:net';

// Which addresses an outside URL may lead Perch to (architecture, "Addresses we fetch"): only globally reachable
// unicast ones. Loopback, private networks, link-local (the clouds' metadata service at 169.254.169.254), shared
// carrier space, "this network" (0.0.0.0 reaches this machine on Linux), multicast and the reserved ranges are not,
// nor an IPv6 address that carries one of those inside it (IPv4-mapped, NAT64, 6to4).

export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'reserved';

type Range = readonly [prefix: bigint, bits: number, kind: Exclude<AddressKind, 'public'>];

const v4 = (text: string): bigint => text.split('.').reduce((value, part) => (value << 8n) | BigInt(part), 0n);

const ipv4Ranges: Range[] = [
  [v4('0.0.0.0'), 8, 'reserved'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'private'], // shared address space (carrier-grade NAT)
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'], // IETF protocol assignments
  [v4('192.0.2.0'), 24, 'reserved'], // documentation
  [v4('192.88.99.0'), 24, 'reserved'], // 6to4 relays
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved'], // benchmarking
  [v4('198.51.100.0'), 24, 'reserved'], // documentation
  [v4('203.0.113.0'), 24, 'reserved'], // documentation
  [v4('224.0.0.0'), 4, 'reserved'], // multicast
  [v4('240.0.0.0'), 4, 'reserved'], // reserved, and the broadcast address
];

/** The 128-bit value of an IPv6 address (any of its spellings, an embedded dotted quad included). */
function v6(text: string): bigint {
  let address = text.replace(/%.*$/, '');
  const dotted = address.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (dotted) {
    const value = v4(dotted);
    address = `${address.slice(0, -dotted.length)}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].reduce((value, group) => (value << 16n) | BigInt(`0x${group}`), 0n);
}

const ipv6Ranges: Range[] = [
  [v6('::1'), 128, 'loopback'],
  [v6('::'), 96, 'reserved'], // unspecified, and the deprecated IPv4-compatible addresses
  [v6('64:ff9b:1::'), 48, 'private'], // NAT64 for local use
  [v6('100::'), 64, 'reserved'], // discard
  [v6('2001::'), 32, 'reserved'], // Teredo: an IPv4 address hidden inside
  [v6('2001:2::'), 48, 'reserved'], // benchmarking
  [v6('2001:db8::'), 32, 'reserved'], // documentation
  [v6('fc00::'), 7, 'private'], // unique local (AWS's metadata service has fd00:ec2::254)
  [v6('fe80::'), 10, 'link-local'],
  [v6('fec0::'), 10, 'private'], // the former site-local
  [v6('ff00::'), 8, 'reserved'], // multicast
];

/** IPv6 ranges that carry an IPv4 address, and where: checked as that IPv4 address. */
const embeddingRanges: readonly [prefix: bigint, bits: number, shift: bigint][] = [
  [v6('::ffff:0:0'), 96, 0n], // IPv4-mapped
  [v6('64:ff9b::'), 96, 0n], // NAT64, well-known prefix
  [v6('2002::'), 16, 80n], // 6to4: 2002:AABB:CCDD::/48
];

const within = (value: bigint, width: number, prefix: bigint, bits: number): boolean =>
  value >> BigInt(width - bits) === prefix >> BigInt(width - bits);

function kindOfIpv4(value: bigint): AddressKind {
  return ipv4Ranges.find(([prefix, bits]) => within(value, 32, prefix, bits))?.[2] ?? 'public';
}

/** What kind of address this is; `reserved` for anything that is not an IP address at all. */
export function addressKindOf(address: string): AddressKind {
  if (isIPv4(address)) return kindOfIpv4(v4(address));
  if (!isIPv6(address)) return 'reserved';
  const value = v6(address);
  for (const [prefix, bits, shift] of embeddingRanges) {
    if (within(value, 128, prefix, bits)) return kindOfIpv4((value >> shift) & 0xffffffffn);
  }
  const range = ipv6Ranges.find(([prefix, bits]) => within(value, 128, prefix, bits));
  if (range) return range[2];
  // Global unicast is 2000::/3; everything else is unassigned.
  return within(value, 128, v6('2000::'), 3) ? 'public' : 'reserved';
}

/**
 * Whether Perch may connect to this address. Loopback only while Perch itself runs on a loopback address (trying it
 * on one's own machine, and the tests' local identity provider); never a private, link-local or reserved one.
 */
export function isAllowedAddress(address: string, allowsLoopback: boolean): boolean {
  const kind = addressKindOf(address);
  return kind === 'public' || (kind === 'loopback' && allowsLoopback);
}

/** The words for an address Perch refuses, to follow "an address" in a sentence. */
export function describeAddressKind(kind: AddressKind): string {
  switch (kind) {
    case 'loopback':
      return 'on this machine (loopback)';
    case 'private':
      return 'on a private network';
    case 'link-local':
      return 'that is link-local (such as a cloud’s metadata service)';
    case 'reserved':
      return 'that is reserved, not a public one';
    case 'public':
      return 'on the internet';
  }
}
