import { describe, expect, it } from 'vitest';
import { addressKindOf, isAllowedAddress } from '#server/net/address-ranges.ts';

describe('addresses Perch may connect to', () => {
  it.each([
    ['93.184.215.14', 'public'],
    ['1.1.1.1', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:c0a8:101', 'private'],
    ['64:ff9b::10.1.2.3', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:a9fe:a9fe::', 'link-local'],
    ['0.0.0.0', 'reserved'],
    ['0.1.2.3', 'reserved'],
    ['::', 'reserved'],
    ['::10.0.0.1', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['239.255.255.250', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['ff02::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['not-an-address', 'reserved'],
  ])('counts %s as %s', (address, kind) => {
    expect(addressKindOf(address)).toBe(kind);
  });

  it('allows public addresses, and loopback ones only while Perch itself is on loopback', () => {
    expect(isAllowedAddress('93.184.215.14', false)).toBe(true);
    expect(isAllowedAddress('127.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('::1', false)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', true)).toBe(true);
  });

  it('never allows a private, link-local or reserved address, not even while Perch is on loopback', () => {
    for (const address of ['10.0.0.1', '169.254.169.254', '0.0.0.0', 'fd00:ec2::254', 'fe80::1', '::ffff:10.0.0.1']) {
      expect(isAllowedAddress(address, true), address).toBe(false);
      expect(isAllowedAddress(address, false), address).toBe(false);
    }
  });
});
