import { describe, expect, it } from 'vitest';
import { newDeskPosition, pickNewDeskName, placeNewDesk } from './placement.ts';

describe('a new desk', () => {
  it('is centred on the click point', () => {
    expect(newDeskPosition({ x: 500, y: 300 })).toEqual({ x: 440, y: 260 });
  });

  it('stays wholly on the canvas near the edges', () => {
    expect(newDeskPosition({ x: 10, y: 10 })).toEqual({ x: 0, y: 0 });
    expect(newDeskPosition({ x: 1919, y: 1079 })).toEqual({ x: 1800, y: 1000 });
  });

  it('steps aside when a desk already sits exactly there', () => {
    expect(placeNewDesk({ x: 500, y: 300 }, [])).toEqual({ x: 440, y: 260 });
    expect(placeNewDesk({ x: 500, y: 300 }, [{ x: 440, y: 260 }])).toEqual({ x: 460, y: 280 });
    expect(
      placeNewDesk({ x: 500, y: 300 }, [
        { x: 440, y: 260 },
        { x: 460, y: 280 },
      ]),
    ).toEqual({ x: 480, y: 300 });
  });

  it('stops stepping in the bottom-right corner', () => {
    expect(placeNewDesk({ x: 1919, y: 1079 }, [{ x: 1800, y: 1000 }])).toEqual({ x: 1800, y: 1000 });
  });

  it('is named D plus the desk count plus one', () => {
    expect(pickNewDeskName([], 0)).toBe('D01');
    expect(pickNewDeskName(['D01', 'D02'], 2)).toBe('D03');
  });

  it('skips a name that is already taken after a deletion', () => {
    expect(pickNewDeskName(['D01', 'D03'], 2)).toBe('D04');
  });

  it('skips a name taken in another case, since names are unique whatever their case', () => {
    expect(pickNewDeskName(['D01', 'd03'], 2)).toBe('D04');
  });
});
