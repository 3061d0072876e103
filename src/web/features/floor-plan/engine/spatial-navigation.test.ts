import { describe, expect, it } from 'vitest';
import { type Box, boxOfDesk, type Direction, nextDeskInDirection, readingOrder } from './spatial-navigation.ts';

type Layout = Array<{ id: string; box: Box }>;

/** Desks 120 x 80 at the given top-left corners, unturned. */
function layout(corners: Record<string, [number, number, number?]>): Layout {
  return Object.entries(corners).map(([id, [x, y, rotation = 0]]) => ({
    id,
    box: boxOfDesk({ x, y, width: 120, height: 80, rotation }),
  }));
}

// A 3 x 3 grid: a1 a2 a3 / b1 b2 b3 / c1 c2 c3, 300 apart across and 200 down.
const grid = layout({
  a1: [0, 0],
  a2: [300, 0],
  a3: [600, 0],
  b1: [0, 200],
  b2: [300, 200],
  b3: [600, 200],
  c1: [0, 400],
  c2: [300, 400],
  c3: [600, 400],
});

// Two rows, the second shifted half a desk's pitch: s1 s2 s3 over t1 t2.
const staggered = layout({
  s1: [0, 0],
  s2: [200, 0],
  s3: [400, 0],
  t1: [100, 150],
  t2: [300, 150],
});

// A row whose middle desk is turned upright (80 wide, 120 tall once turned), and one desk far below its end.
const rotated = layout({
  r1: [0, 0],
  r2: [200, 0, 90],
  r3: [400, 0],
  low: [400, 500],
});

describe('moving between desks with the arrow keys', () => {
  it.each<[string, Layout, string, Direction, string | null]>([
    ['grid: right goes to the next desk in the row', grid, 'b2', 'right', 'b3'],
    ['grid: left goes to the previous desk in the row', grid, 'b2', 'left', 'b1'],
    ['grid: up goes to the desk above, not a diagonal one', grid, 'b2', 'up', 'a2'],
    ['grid: down goes to the desk below', grid, 'b2', 'down', 'c2'],
    ['grid: right from the last column stays (no desk that way)', grid, 'a3', 'right', null],
    ['grid: up from the top row stays', grid, 'a1', 'up', null],
    ['grid: down from the bottom row stays', grid, 'c3', 'down', null],
    ['grid: left from the first column stays', grid, 'c1', 'left', null],
    ['staggered: down goes to the overlapping desk below', staggered, 's1', 'down', 't1'],
    ['staggered: down from the middle takes the nearer overlapping desk', staggered, 's2', 'down', 't1'],
    ['staggered: up goes to the overlapping desk above, nearest first', staggered, 't2', 'up', 's2'],
    ['staggered: right along the lower row skips the upper one', staggered, 't1', 'right', 't2'],
    ['staggered: down from the row end finds the desk diagonally below', staggered, 's3', 'down', 't2'],
    ['rotated: right reaches the turned desk', rotated, 'r1', 'right', 'r2'],
    ['rotated: right from the turned desk goes on along the row', rotated, 'r2', 'right', 'r3'],
    ['rotated: down from the turned desk finds the far desk off to the side', rotated, 'r2', 'down', 'low'],
    ['rotated: up from the far desk goes to the one straight above it', rotated, 'low', 'up', 'r3'],
    ['an unknown desk moves nowhere', grid, 'zz', 'right', null],
  ])('%s', (_, desks, from, direction, expected) => {
    expect(nextDeskInDirection(desks, from, direction)).toBe(expected);
  });

  it('prefers a desk in line over a nearer one off to the side', () => {
    const desks = layout({ from: [0, 0], near: [160, 120], inLine: [400, 10] });
    expect(nextDeskInDirection(desks, 'from', 'right')).toBe('inLine');
  });

  it('takes a desk beside it, not one past it, when the centres are level', () => {
    const desks = layout({ left: [0, 0], right: [130, 0] });
    expect(nextDeskInDirection(desks, 'left', 'down')).toBeNull();
    expect(nextDeskInDirection(desks, 'left', 'right')).toBe('right');
  });
});

describe('a turned desk covers its turned box', () => {
  it('swaps width and height at 90 degrees and grows at 45, around the same centre', () => {
    const upright = boxOfDesk({ x: 0, y: 0, width: 120, height: 80, rotation: 90 });
    expect([upright.left, upright.top, upright.right, upright.bottom].map(Math.round)).toEqual([20, -20, 100, 100]);
    const turned = boxOfDesk({ x: 0, y: 0, width: 100, height: 100, rotation: 45 });
    expect(turned.right - turned.left).toBeCloseTo(100 * Math.SQRT2);
    expect((turned.left + turned.right) / 2).toBeCloseTo(50);
  });
});

describe('reading order', () => {
  const ids = (desks: Layout) => readingOrder(desks).map((desk) => desk.id);

  it('reads a grid row by row, left to right', () => {
    expect(ids([...grid].reverse())).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3']);
  });

  it('keeps a slightly uneven row together', () => {
    const desks = layout({ second: [300, 30], first: [0, 0], third: [600, -20], below: [0, 300] });
    expect(ids(desks)).toEqual(['first', 'second', 'third', 'below']);
  });

  it('reads a staggered layout as two rows', () => {
    expect(ids(staggered)).toEqual(['s1', 's2', 's3', 't1', 't2']);
  });

  it('is empty for a floor without desks', () => {
    expect(readingOrder([])).toEqual([]);
  });
});
