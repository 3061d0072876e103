import { describe, expect, it } from 'vitest';
import { serverProblemOf } from './server-problem.ts';

describe('serverProblemOf', () => {
  it('puts a sentence that names a rule under that rule’s field', () => {
    expect(serverProblemOf('Days ahead can be at most 730 (maxDaysAhead)')).toEqual({
      field: 'maxDaysAhead',
      message: 'Days ahead can be at most 730',
    });
    expect(serverProblemOf('Days per week must be at least 1 (maxBookingsPerWeek)').field).toBe('maxBookingsPerWeek');
  });

  it('leaves any other sentence to the whole form', () => {
    expect(serverProblemOf('Only administrators can do this.')).toEqual({
      field: null,
      message: 'Only administrators can do this.',
    });
    expect(serverProblemOf('Something odd (notARule)')).toEqual({ field: null, message: 'Something odd (notARule)' });
  });
});
