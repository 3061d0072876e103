// The single values of Perch's settings, parsed: what config.ts checks and combines.
import net from 'node:net';
import { isLoopbackIpHost } from '#domain/host-names.ts';

const tierIds = ['tier-1', 'tier-2', 'tier-3', 'tier-4'] as const;
export type TierPlanIds = Record<(typeof tierIds)[number], string>;

/** "tier-1=P-1,tier-2=P-2,..." with every tier exactly once; undefined otherwise. */
export function parsePlanIds(value: string): TierPlanIds | undefined {
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => part.split('=').map((side) => side.trim()));
  const found: Partial<TierPlanIds> = {};
  for (const [tier, id] of entries) {
    if (!tierIds.includes(tier as never) || !id || !/^[A-Za-z0-9_-]{3,64}$/.test(id)) return undefined;
    found[tier as keyof TierPlanIds] = id;
  }
  return tierIds.every((tier) => found[tier]) && entries.length === tierIds.length ? (found as TierPlanIds) : undefined;
}

/** A URL only this machine can reach: localhost, *.localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackIpHost(host);
}

/** TRUST_PROXY: true, false, a hop count, or a list of addresses and CIDRs; undefined when it is none of those. */
export function parseTrustProxy(value: string): boolean | number | string[] | undefined {
  const text = value.trim().toLowerCase();
  if (['true', 'yes'].includes(text)) return true;
  if (['false', 'no', '0'].includes(text)) return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const isAddressOrCidr = (entry: string) => {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    const size = Number(bits);
    return /^\d{1,3}$/.test(bits) && size <= (family === 4 ? 32 : 128);
  };
  return entries.length > 0 && entries.every(isAddressOrCidr) ? entries : undefined;
}

/** A DNS server as node:dns takes it: an IPv4 or IPv6 address, optionally with a port ("1.1.1.1:53", "[::1]:53"). */
export function isDnsServer(value: string): boolean {
  const bracketed = value.match(/^\[([^\]]+)\](?::(\d{1,5}))?$/);
  const plain = value.match(/^([^:]+)(?::(\d{1,5}))?$/);
  const [, address = value, port] = bracketed ?? plain ?? [];
  if (net.isIP(address) === 0) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}
