// Host names as browsers see them (location.hostname, new URL(…).hostname): pure checks shared by the server's
// start-up report and the passkey screens. WebAuthn binds passkeys to a domain name, never to an IP address.

const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/** A host whose last label is a number is an IPv4 address to a browser's URL parser (or no valid host at all). */
const numericLastLabel = /(?:^|\.)(?:\d+|0x[0-9a-f]*)\.?$/i;

const withoutBrackets = (hostname: string) =>
  hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;

/** Whether the host is an IP address (IPv4, or IPv6 with or without its brackets) rather than a name. */
export function isIpAddressHost(hostname: string): boolean {
  if (hostname.includes(':')) return true;
  return numericLastLabel.test(hostname);
}

/** Whether the host is an IP address of this machine: 127.0.0.0/8, ::1, or IPv4 loopback written as IPv6. */
export function isLoopbackIpHost(hostname: string): boolean {
  const host = withoutBrackets(hostname).toLowerCase();
  if (host.includes(':')) {
    if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
    const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):[0-9a-f]{1,4})$/.exec(host);
    if (!mapped) return false;
    return mapped[1] ? isLoopbackIpHost(mapped[1]) : Number.parseInt(mapped[2] ?? '', 16) >> 8 === 127;
  }
  const octets = ipv4.exec(host);
  return octets !== null && octets[1] === '127' && octets.slice(2).every((octet) => Number(octet) <= 255);
}
