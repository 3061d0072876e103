import { describe, expect, it } from 'vitest';
import { clampPosition, createDeskSchema, nextDeskName, normaliseRotation, updateDeskSchema } from './floor-plan.ts';

describe('floor plan rules', () => {
  it('names new desks D plus a two-digit sequence number', () => {
    expect(nextDeskName(0)).toBe('D01');
    expect(nextDeskName(9)).toBe('D10');
    expect(nextDeskName(120)).toBe('D121');
  });

  it('keeps a desk at least at 0 and wholly inside the 1920 x 1080 canvas', () => {
    expect(clampPosition(-20, -5, 120, 80)).toEqual({ x: 0, y: 0 });
    expect(clampPosition(5000, 5000, 120, 80)).toEqual({ x: 1800, y: 1000 });
    expect(clampPosition(300, 200, 120, 80)).toEqual({ x: 300, y: 200 });
  });

  it('normalises any rotation to 0-359 degrees', () => {
    expect(normaliseRotation(360)).toBe(0);
    expect(normaliseRotation(-15)).toBe(345);
    expect(normaliseRotation(735)).toBe(15);
  });

  it('reads geometry from numbers or numeric strings and refuses anything else', () => {
    const parsed = createDeskSchema.parse({ name: 'D01', positionX: '10.5', positionY: 20, floorId: 'f' });
    expect(parsed).toMatchObject({ positionX: 10.5, positionY: 20 });
    expect(createDeskSchema.safeParse({ name: 'D01', positionX: 'ten', positionY: 1, floorId: 'f' }).success).toBe(
      false,
    );
    expect(createDeskSchema.safeParse({ name: 'D01', positionX: Number.NaN, positionY: 1, floorId: 'f' }).success).toBe(
      false,
    );
  });

  it('accepts a move, a rotation or both, but not half a move or nothing', () => {
    expect(updateDeskSchema.safeParse({ positionX: '1', positionY: '2' }).success).toBe(true);
    expect(updateDeskSchema.safeParse({ rotation: '15' }).success).toBe(true);
    expect(updateDeskSchema.safeParse({ positionX: '1' }).success).toBe(false);
    expect(updateDeskSchema.safeParse({}).success).toBe(false);
  });
});
