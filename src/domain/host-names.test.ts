import { describe, expect, it } from 'vitest';
import { isIpAddressHost, isLoopbackIpHost } from './host-names.ts';

// Host names as a browser's location.hostname or new URL(…).hostname give them: IPv6 in brackets, IPv4 normalized.
describe('isIpAddressHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['192.168.1.20', true],
    ['10.0.0.1', true],
    ['0.0.0.0', true],
    ['[::1]', true],
    ['::1', true],
    ['[2001:db8::1]', true],
    ['[::ffff:127.0.0.1]', true],
    ['[fe80::1%25eth0]', true],
    ['localhost', false],
    ['perch.localhost', false],
    ['perch.example.com', false],
    ['PERCH.EXAMPLE.COM', false],
    ['1password.com', false],
    ['desk-10.office', false],
    ['127.0.0.1.nip.io', false],
    ['xn--prch-5qa.example', false],
    ['', false],
  ])('says %s is an IP address: %s', (hostname, isIp) => {
    expect(isIpAddressHost(hostname)).toBe(isIp);
  });
});

describe('isLoopbackIpHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['[::1]', true],
    ['::1', true],
    ['[::ffff:127.0.0.1]', true],
    ['[::ffff:7f00:1]', true],
    ['192.168.1.20', false],
    ['[2001:db8::1]', false],
    ['localhost', false],
    ['128.0.0.1', false],
  ])('says %s is a loopback IP address: %s', (hostname, isLoopback) => {
    expect(isLoopbackIpHost(hostname)).toBe(isLoopback);
  });
});
