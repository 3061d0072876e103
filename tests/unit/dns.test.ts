import { describe, expect, it } from 'vitest';
import { findAddresses, findTxtRecords } from '#server/net/dns.ts';
import { startTestDnsServer } from '#test-support/dns-server.ts';
import { startForFile } from '#test-support/for-file.ts';

const dns = startForFile(startTestDnsServer);

describe('asking DNS', () => {
  it('reads every TXT record of a name, and none of a name that does not exist', async () => {
    dns.setTxt('acme.example', ['perch-verification=abc', 'v=spf1 -all']);
    expect(await findTxtRecords(dns.resolver, 'acme.example')).toEqual(['perch-verification=abc', 'v=spf1 -all']);
    expect(await findTxtRecords(dns.resolver, 'nothing.example')).toEqual([]);
  });

  it('reads both families of addresses of a name', async () => {
    dns.setAddresses('login.acme.example', ['192.0.2.7', '2001:db8::7']);
    expect(await findAddresses(dns.resolver, 'login.acme.example')).toEqual(['192.0.2.7', '2001:db8::7']);
    expect(await findAddresses(dns.resolver, 'nothing.example')).toEqual([]);
  });
});
