import { describe, expect, it } from 'vitest';
import { countDesksByFloor, deleteAllDesksConfirmation, deskCountLabel } from './desk-counts.ts';

const floors = [
  { id: 'f1', name: 'Floor 1' },
  { id: 'f2', name: 'Floor 2' },
  { id: 'f3', name: 'Roof' },
];
const deskOn = (floorId: string, floorName = '') => ({ floorId, floor: { name: floorName } });

describe('deskCountLabel', () => {
  it.each([
    [0, '0 desks'],
    [1, '1 desk'],
    [12, '12 desks'],
  ])('names %i as %s', (count, label) => {
    expect(deskCountLabel(count)).toBe(label);
  });
});

describe('countDesksByFloor', () => {
  it.each([
    ['no desks: every floor with none', [], [0, 0, 0]],
    ['desks on two floors', [deskOn('f1'), deskOn('f2'), deskOn('f1')], [2, 1, 0]],
    ['every desk on the last floor', [deskOn('f3'), deskOn('f3')], [0, 0, 2]],
  ])('counts %s, floors in their order', (_case, desks, expected) => {
    const counts = countDesksByFloor(floors, desks);
    expect(counts.map((count) => count.floorName)).toEqual(['Floor 1', 'Floor 2', 'Roof']);
    expect(counts.map((count) => count.desks)).toEqual(expected);
  });

  it('keeps a desk whose floor is not in the list, under the floor name the desk carries', () => {
    expect(countDesksByFloor(floors.slice(0, 1), [deskOn('f1'), deskOn('f9', 'Basement')])).toEqual([
      { floorName: 'Floor 1', desks: 1 },
      { floorName: 'Basement', desks: 1 },
    ]);
  });
});

describe('deleteAllDesksConfirmation', () => {
  it.each([
    [
      'names every floor, its desks, the total and the bookings',
      [
        { floorName: 'Floor 1', desks: 12 },
        { floorName: 'Floor 2', desks: 3 },
      ],
      'Are you sure you want to delete every desk on every floor of Acme, not only this one? Floor 1: 12 desks, Floor 2: 3 desks (15 desks in all). Their bookings will be removed too.',
    ],
    [
      'names an empty floor too, and one desk in the singular',
      [
        { floorName: 'Floor 1', desks: 1 },
        { floorName: 'Floor 2', desks: 0 },
      ],
      'Are you sure you want to delete every desk on every floor of Acme, not only this one? Floor 1: 1 desk, Floor 2: 0 desks (1 desk in all). Their bookings will be removed too.',
    ],
    [
      'says there are none when no floor has a desk',
      [{ floorName: 'Floor 1', desks: 0 }],
      'There are no desks on any floor of Acme.',
    ],
    ['says there are none with no floors at all', [], 'There are no desks on any floor of Acme.'],
  ])('%s', (_case, counts, sentence) => {
    expect(deleteAllDesksConfirmation('Acme', counts)).toBe(sentence);
  });
});
