import { describe, expect, it } from 'vitest';
import {
  browserNameOf,
  defaultPasskeyName,
  passkeyAddressProblem,
  passkeyMessages,
  passkeyNameSchema,
} from './passkeys.ts';

const agents = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iosChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
};

describe('browserNameOf', () => {
  it.each([
    [agents.chrome, 'Chrome'],
    [agents.edge, 'Edge'],
    [agents.firefox, 'Firefox'],
    [agents.safari, 'Safari'],
    [agents.iosChrome, 'Chrome'],
    [agents.headless, 'Chrome'],
    [agents.opera, 'Opera'],
    [agents.samsung, 'Samsung Internet'],
    ['curl/8.5.0', null],
    ['', null],
    [undefined, null],
  ])('names the browser of %s as %s', (agent, name) => {
    expect(browserNameOf(agent)).toBe(name);
  });
});

describe('defaultPasskeyName', () => {
  it.each([
    [agents.chrome, [], 'Passkey on Chrome'],
    [agents.chrome, ['Passkey on Chrome'], 'Passkey on Chrome 2'],
    [agents.chrome, ['passkey on chrome', 'Passkey on Chrome 2'], 'Passkey on Chrome 3'],
    [agents.safari, ['Passkey on Chrome'], 'Passkey on Safari'],
    ['curl/8.5.0', [], 'Passkey 1'],
    [undefined, ['Passkey 1', 'Work laptop'], 'Passkey 2'],
  ])('names a passkey made by %s, beside %j, %s', (agent, existing, name) => {
    expect(defaultPasskeyName(agent, existing)).toBe(name);
  });
});

describe('passkeyNameSchema', () => {
  it.each([
    ['  Work laptop ', 'Work laptop'],
    ['Téléphone de Zoë', 'Téléphone de Zoë'],
    ['x'.repeat(60), 'x'.repeat(60)],
  ])('accepts %j as %j', (input, name) => {
    expect(passkeyNameSchema.parse(input)).toBe(name);
  });

  it.each([
    ['', passkeyMessages.nameRequired],
    ['   ', passkeyMessages.nameRequired],
    ['x'.repeat(61), passkeyMessages.nameTooLong],
    ['Work\u0007laptop', passkeyMessages.nameInvalid],
    [42, passkeyMessages.nameRequired],
  ])('refuses %j with "%s"', (input, message) => {
    const result = passkeyNameSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('passkeyAddressProblem', () => {
  const page = (url: string) => {
    const { protocol, hostname, port } = new URL(url);
    return { protocol, hostname, port };
  };
  it.each([
    [
      'http://127.0.0.1:3000/auth',
      true,
      'Passkeys need a host name, not an IP address: open Perch at http://localhost:3000 (or its domain name) to use them.',
    ],
    [
      'http://[::1]:8080/',
      true,
      'Passkeys need a host name, not an IP address: open Perch at http://localhost:8080 (or its domain name) to use them.',
    ],
    [
      'https://127.0.0.1/',
      true,
      'Passkeys need a host name, not an IP address: open Perch at https://localhost (or its domain name) to use them.',
    ],
    [
      'http://192.168.1.20:3000/',
      false,
      'Passkeys need a host name, not an IP address: open Perch at its domain name to use them.',
    ],
    [
      'https://203.0.113.9/',
      true,
      'Passkeys need a host name, not an IP address: open Perch at its domain name to use them.',
    ],
    [
      'http://perch.lan:3000/',
      false,
      'Passkeys need a secure connection: open Perch at its https:// address to use them.',
    ],
    ['http://localhost:3000/', true, null],
    ['http://perch.localhost:3000/', true, null],
    ['https://desks.example.com/auth', true, null],
  ])('at %s (a secure context: %s) says %s', (url, isSecureContext, sentence) => {
    expect(passkeyAddressProblem(page(url), isSecureContext)).toBe(sentence);
  });
});
