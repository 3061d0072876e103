import { describe, expect, it } from 'vitest';
import { amenityLimits } from './amenities.ts';
import {
  clampPosition,
  createDeskSchema,
  deskBatchBodyLimit,
  deskBatchSchema,
  deskPropertiesFormSchema,
  largestDeskBatchUpdate,
  maxCompactJsonBytes,
  maxDesksPerBatch,
  nextDeskName,
  normaliseRotation,
  unavailableReasonLimit,
  updateDeskSchema,
} from './floor-plan.ts';

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

describe('the body limit of a desk batch', () => {
  const uuid = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  const accepts = (update: object) => deskBatchSchema.safeParse({ update: [update] }).success;

  it('is computed from the largest update the batch schema accepts, every field at its limit', () => {
    expect(accepts(largestDeskBatchUpdate)).toBe(true);
    const { amenities, unavailableReason } = largestDeskBatchUpdate;
    expect(amenities).toHaveLength(amenityLimits.perDesk);
    expect(amenities.every((tag) => tag.length === amenityLimits.tagLength)).toBe(true);
    expect(unavailableReason).toHaveLength(unavailableReasonLimit);
    // One more of anything is refused: the update is the largest there is, not merely a large one.
    expect(accepts({ ...largestDeskBatchUpdate, unavailableReason: `${unavailableReason}é` })).toBe(false);
    expect(accepts({ ...largestDeskBatchUpdate, amenities: [...amenities, 'Ω'] })).toBe(false);
    expect(accepts({ ...largestDeskBatchUpdate, amenities: [`${amenities[0]}é`, ...amenities.slice(1)] })).toBe(false);
  });

  it('counts JSON as its widest writer makes it: every non-ASCII character escaped', () => {
    expect(maxCompactJsonBytes({ a: 'é', b: [1, true] })).toBe('{"a":"\\u00e9","b":[1,true]}'.length);
    expect(maxCompactJsonBytes('€')).toBe(8);
  });

  it('admits a whole batch at the maxima: 5,000 of the largest updates and 5,000 deletions, with almost nothing to spare', () => {
    const body = {
      update: Array.from({ length: maxDesksPerBatch }, (_, index) => ({ ...largestDeskBatchUpdate, id: uuid(index) })),
      delete: Array.from({ length: maxDesksPerBatch }, (_, index) => uuid(maxDesksPerBatch + index)),
    };
    const bytes = maxCompactJsonBytes(body);
    expect(bytes).toBeLessThanOrEqual(deskBatchBodyLimit);
    expect(deskBatchBodyLimit - bytes).toBeLessThan(16);
    // Measuring 10,000 items' widest JSON takes seconds on a busy 2-core machine: a guard against a hang, not a speed.
  }, 60_000);

  it('lets a 2,000-desk floor move in one request, far beyond the 64 KiB of every other request', () => {
    const move = (index: number) => ({ id: uuid(index), positionX: 1234.56, positionY: 567.89 });
    const body = { update: Array.from({ length: 2000 }, (_, index) => move(index)) };
    expect(maxCompactJsonBytes(body)).toBeGreaterThan(64 * 1024);
    expect(maxCompactJsonBytes(body)).toBeLessThan(deskBatchBodyLimit);
  });
});

describe('the desk properties form', () => {
  const typed = { name: '  Desk 7 ', description: '  ', bookable: false, unavailableReason: ' Chair broken ' };

  it('trims what was typed and sends a blank description or reason as none', () => {
    expect(deskPropertiesFormSchema({ isNamed: true }).parse(typed)).toEqual({
      name: 'Desk 7',
      description: null,
      bookable: false,
      unavailableReason: 'Chair broken',
    });
  });

  it("checks one desk's name with the desk name rules, and leaves the name alone for several desks", () => {
    const problems = deskPropertiesFormSchema({ isNamed: true }).safeParse({ ...typed, name: ' ' }).error?.issues;
    expect(problems?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Desk name is required'],
    ]);
    expect(deskPropertiesFormSchema({ isNamed: false }).safeParse({ ...typed, name: '' }).success).toBe(true);
  });

  it('takes bookable as on, off or mixed across the selected desks', () => {
    const schema = deskPropertiesFormSchema({ isNamed: false });
    expect(schema.parse({ ...typed, bookable: 'mixed' }).bookable).toBe('mixed');
    expect(schema.safeParse({ ...typed, bookable: 'sometimes' }).success).toBe(false);
  });
});
