import { describe, expect, it } from 'vitest';
import {
  alignDesks,
  changedPlacements,
  clampGroupDelta,
  type DeskRect,
  distributeDesks,
  isBeyondThreshold,
  moveDesks,
  rotateDesks,
  snapDesks,
  toPlacement,
} from './geometry.ts';

const desk = (id: string, x: number, y: number, width = 120, height = 80, rotation = 0): DeskRect => ({
  id,
  x,
  y,
  width,
  height,
  rotation,
});

describe('drag threshold', () => {
  it('counts a move as a drag only past 5 units on either axis', () => {
    expect(isBeyondThreshold({ x: 5, y: 5 })).toBe(false);
    expect(isBeyondThreshold({ x: -5, y: 0 })).toBe(false);
    expect(isBeyondThreshold({ x: 5.1, y: 0 })).toBe(true);
    expect(isBeyondThreshold({ x: 0, y: -6 })).toBe(true);
  });
});

describe('moving desks', () => {
  it('moves every desk by the same delta', () => {
    const moved = moveDesks([desk('a', 100, 100), desk('b', 300, 200)], { x: 20, y: -10 });
    expect(moved.map(({ x, y }) => [x, y])).toEqual([
      [120, 90],
      [320, 190],
    ]);
  });

  it('stops the whole group at the canvas edge so it keeps its shape', () => {
    const group = [desk('a', 10, 100), desk('b', 200, 100)];
    expect(clampGroupDelta(group, { x: -50, y: 0 })).toEqual({ x: -10, y: 0 });
    const moved = moveDesks(group, { x: -50, y: 0 });
    expect(moved.map((rect) => rect.x)).toEqual([0, 190]);
  });

  it('keeps desks within 1920 by 1080 on the far edges', () => {
    const [moved] = moveDesks([desk('a', 1700, 1000)], { x: 500, y: 500 });
    expect(moved).toMatchObject({ x: 1800, y: 1000 });
  });
});

describe('rotating desks', () => {
  it('turns in steps and wraps at 360 both ways', () => {
    expect(rotateDesks([desk('a', 0, 0, 120, 80, 345)], 15)[0]!.rotation).toBe(0);
    expect(rotateDesks([desk('a', 0, 0, 120, 80, 0)], -15)[0]!.rotation).toBe(345);
    expect(rotateDesks([desk('a', 0, 0, 120, 80, 90)], 15)[0]!.rotation).toBe(105);
  });
});

describe('aligning desks', () => {
  const rects = [desk('a', 100, 100, 120, 80), desk('b', 400, 300, 60, 40), desk('c', 250, 500, 200, 100)];

  it('aligns left edges to the leftmost desk', () => {
    expect(alignDesks(rects, 'left').map((rect) => rect.x)).toEqual([100, 100, 100]);
  });

  it('aligns right edges to the rightmost edge', () => {
    // rightmost edge: c at 250 + 200 = 450; b 400 + 60 = 460 is further
    expect(alignDesks(rects, 'right').map((rect) => rect.x + rect.width)).toEqual([460, 460, 460]);
  });

  it('centres desks on the bounding box centre line', () => {
    // box from 100 to 460, centre 280
    expect(alignDesks(rects, 'center').map((rect) => rect.x + rect.width / 2)).toEqual([280, 280, 280]);
  });

  it('aligns top edges, bottom edges and middles', () => {
    expect(alignDesks(rects, 'top').map((rect) => rect.y)).toEqual([100, 100, 100]);
    expect(alignDesks(rects, 'bottom').map((rect) => rect.y + rect.height)).toEqual([600, 600, 600]);
    expect(alignDesks(rects, 'middle').map((rect) => rect.y + rect.height / 2)).toEqual([350, 350, 350]);
  });

  it('leaves the other axis alone', () => {
    expect(alignDesks(rects, 'left').map((rect) => rect.y)).toEqual([100, 300, 500]);
    expect(alignDesks(rects, 'top').map((rect) => rect.x)).toEqual([100, 400, 250]);
  });
});

describe('distributing desks', () => {
  it('spaces desks with equal gaps, keeping the first and last in place', () => {
    const rects = [desk('a', 0, 0, 100), desk('c', 900, 0, 100), desk('b', 150, 0, 100)];
    const result = distributeDesks(rects, 'horizontal');
    expect(result.map((rect) => [rect.id, rect.x])).toEqual([
      ['a', 0],
      ['c', 900],
      ['b', 450],
    ]);
  });

  it('uses the real widths, so gaps are equal even when desks differ in size', () => {
    const rects = [desk('a', 0, 0, 100), desk('b', 50, 0, 200), desk('c', 60, 0, 50), desk('d', 1000, 0, 100)];
    const result = distributeDesks(rects, 'horizontal').sort((p, q) => p.x - q.x);
    const gaps = result.slice(1).map((rect, index) => rect.x - (result[index]!.x + result[index]!.width));
    // Positions are whole units, so gaps may differ by the rounding: at most 1.
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
    expect(result[0]!.x).toBe(0);
    expect(result.at(-1)!.x).toBe(1000);
  });

  it('distributes vertically on y', () => {
    const rects = [desk('a', 0, 0, 100, 100), desk('b', 0, 10, 100, 100), desk('c', 0, 800, 100, 100)];
    expect(distributeDesks(rects, 'vertical').map((rect) => rect.y)).toEqual([0, 400, 800]);
  });

  it('changes nothing with fewer than three desks', () => {
    const rects = [desk('a', 0, 0), desk('b', 500, 0)];
    expect(distributeDesks(rects, 'horizontal')).toEqual(rects);
  });
});

describe('snapping to the grid', () => {
  it('moves each corner to the nearest multiple of 50', () => {
    const result = snapDesks([desk('a', 24, 26), desk('b', 125, 174)]);
    expect(result.map(({ x, y }) => [x, y])).toEqual([
      [0, 50],
      [150, 150],
    ]);
  });

  it('keeps a snapped desk on the canvas', () => {
    const [result] = snapDesks([desk('a', 1780, 1000, 130, 80)]);
    expect(result).toMatchObject({ x: 1790, y: 1000 });
  });
});

describe('whole units', () => {
  it('rounds positions that centring or distributing would leave fractional', () => {
    const centred = alignDesks([desk('a', 0, 0, 121, 80), desk('b', 10, 100, 120, 80)], 'center');
    expect(centred.every((rect) => Number.isInteger(rect.x))).toBe(true);
    const spread = distributeDesks(
      [desk('a', 0, 0, 100), desk('b', 1, 0, 100), desk('c', 2, 0, 100), desk('d', 1001, 0, 100)],
      'horizontal',
    );
    expect(spread.every((rect) => Number.isInteger(rect.x))).toBe(true);
  });
});

describe('changed placements', () => {
  it('lists only desks whose position or rotation changed, and desks that were not there before', () => {
    const before = [desk('a', 0, 0), desk('b', 10, 10), desk('c', 5, 5)].map(toPlacement);
    const after = [desk('a', 0, 0), desk('b', 10, 10, 120, 80, 15), desk('c', 6, 5), desk('d', 1, 1)].map(toPlacement);
    expect(changedPlacements(before, after)).toEqual([
      { id: 'b', x: 10, y: 10, rotation: 15 },
      { id: 'c', x: 6, y: 5, rotation: 0 },
      { id: 'd', x: 1, y: 1, rotation: 0 },
    ]);
  });
});
