import { describe, expect, it } from 'vitest';
import { returnPathFrom, signInAddress } from './return-address.ts';

describe('the address to come back to after signing in', () => {
  it.each<[string | null, string | null]>([
    ['/desk/3f1c9e1e-2b7a-4c1e-9f57-0c9d1b1e8a10', '/desk/3f1c9e1e-2b7a-4c1e-9f57-0c9d1b1e8a10'],
    ['/', '/'],
    [null, null],
    ['', null],
    ['desk/1', null],
    ['//evil.example/desk/1', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['/desk/1\n', null],
  ])('from %j: %j', (value, expected) => {
    expect(returnPathFrom(value)).toBe(expected);
  });

  it('is carried to the sign-in page, encoded', () => {
    expect(signInAddress('/desk/abc')).toBe('/auth?returnTo=%2Fdesk%2Fabc');
    expect(returnPathFrom(new URLSearchParams(signInAddress('/desk/abc').split('?')[1]).get('returnTo'))).toBe(
      '/desk/abc',
    );
  });
});
