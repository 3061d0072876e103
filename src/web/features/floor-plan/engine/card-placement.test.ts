import { describe, expect, it } from 'vitest';
import { type CardSide, placeDeskCard } from './card-placement.ts';
import type { Box } from './spatial-navigation.ts';

const box = (left: number, top: number, width = 100, height = 60): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

const bounds = box(0, 0, 1000, 800);
const card = { width: 160, height: 40 };
// A desk in the middle of the map, and desks close enough around it that a card on their side would cover them.
const desk = box(400, 300);
const aboveIt = box(400, 240, 100, 40);
const belowIt = box(400, 380, 100, 40);
const rightOfIt = box(560, 300);

describe('where a desk card goes', () => {
  it.each<[string, Box, readonly Box[], CardSide]>([
    ['above a desk with room above', desk, [], 'above'],
    ['below when a desk sits just above', desk, [aboveIt], 'below'],
    ['to the right when desks sit above and below', desk, [aboveIt, belowIt], 'right'],
    ['to the left when desks sit above, below and right', desk, [aboveIt, belowIt, rightOfIt], 'left'],
    ['below a desk at the top edge of the map', box(400, 10), [], 'below'],
    ['beside a desk at the top edge whose neighbour is below', box(400, 10), [box(400, 90, 100, 40)], 'right'],
    ['left of a desk in the top-right corner with a desk below it', box(890, 10), [box(890, 90)], 'left'],
  ])('%s', (_, target, others, side) => {
    expect(placeDeskCard({ desk: target, card, others, bounds }).side).toBe(side);
  });

  it('covers no other desk and not the desk itself when a side is free', () => {
    const others = [aboveIt, belowIt, rightOfIt];
    const { box: placed } = placeDeskCard({ desk, card, others, bounds });
    for (const other of [...others, desk]) {
      const overlaps =
        placed.left < other.right &&
        other.left < placed.right &&
        placed.top < other.bottom &&
        other.top < placed.bottom;
      expect(overlaps).toBe(false);
    }
  });

  it('takes the side that covers least when every side covers some desk', () => {
    // A small desk above, large ones on the other three sides.
    const others = [box(440, 250, 20, 10), box(300, 370, 300, 100), box(505, 200, 300, 300), box(95, 200, 300, 300)];
    expect(placeDeskCard({ desk, card, others, bounds }).side).toBe('above');
  });

  it('slides along its side to stay inside the map', () => {
    const { side, box: placed } = placeDeskCard({ desk: box(0, 300, 40, 40), card, others: [], bounds });
    expect(side).toBe('above');
    expect(placed.left).toBe(0);
    expect(placed.bottom).toBe(294);
  });

  it('overflows as little as it can when the map is smaller than the card', () => {
    const tiny = box(0, 0, 120, 120);
    const { box: placed } = placeDeskCard({ desk: box(40, 40, 40, 40), card, others: [], bounds: tiny });
    expect(placed.left).toBe(0);
  });
});
