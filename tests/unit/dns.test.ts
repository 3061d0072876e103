import type { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAddresses, findTxtRecords } from '#server/net/dns.ts';
import { startTestDnsServer, type TestDnsServer } from '#test-support/dns-server.ts';

let dns: TestDnsServer;
let resolver: Resolver;
beforeAll(async () => {
  dns = await startTestDnsServer();
  resolver = dns.resolver;
});
afterAll(() => dns.close());

describe('asking DNS', () => {
  it('reads every TXT record of a name, and none of a name that does not exist', async () => {
    dns.setTxt('acme.example', ['perch-verification=abc', 'v=spf1 -all']);
    expect(await findTxtRecords(resolver, 'acme.example')).toEqual(['perch-verification=abc', 'v=spf1 -all']);
    expect(await findTxtRecords(resolver, 'nothing.example')).toEqual([]);
  });

  it('reads both families of addresses of a name', async () => {
    dns.setAddresses('login.acme.example', ['192.0.2.7', '2001:db8::7']);
    expect(await findAddresses(resolver, 'login.acme.example')).toEqual(['192.0.2.7', '2001:db8::7']);
    expect(await findAddresses(resolver, 'nothing.example')).toEqual([]);
  });
});
