import { describe, expect, it } from 'vitest';
import { formatClockRange, formatClockTime } from './clock.ts';

describe('formatClockTime', () => {
  it('writes morning, noon and afternoon times with AM and PM', () => {
    expect(formatClockTime('09:00')).toBe('9:00 AM');
    expect(formatClockTime('12:30')).toBe('12:30 PM');
    expect(formatClockTime('13:00')).toBe('1:00 PM');
    expect(formatClockTime('00:15')).toBe('12:15 AM');
  });

  it('writes the full-day slot as the spec does', () => {
    expect(formatClockRange('09:00', '18:00')).toBe('9:00 AM – 6:00 PM');
  });
});
