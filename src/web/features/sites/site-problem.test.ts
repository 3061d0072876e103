import { describe, expect, it } from 'vitest';
import { siteMessages } from '#domain/sites.ts';
import { siteProblemOf } from './site-problem.ts';

describe('siteProblemOf', () => {
  it("puts a sentence that names a field under that field, an item's path under its list", () => {
    expect(siteProblemOf(`${siteMessages.timeFormat} (dayStart)`)).toEqual({
      field: 'dayStart',
      message: siteMessages.timeFormat,
    });
    expect(siteProblemOf(`${siteMessages.workingDaysInvalid} (workingDays.0)`).field).toBe('workingDays');
  });
  it('leaves any other sentence to the whole form', () => {
    expect(siteProblemOf(siteMessages.lastSite)).toEqual({ field: null, message: siteMessages.lastSite });
    expect(siteProblemOf('Something odd (notAField)')).toEqual({ field: null, message: 'Something odd (notAField)' });
  });
});
