import { describe, expect, it } from 'vitest';
import { amenityStates, applyTagStates, commonBookable, sameTags, toggleTagState } from './properties.ts';

const list = ['monitor', 'standing desk', 'window', 'quiet'];

describe('desk properties of a selection', () => {
  it('marks a tag on when every desk has it, mixed when some do, off when none does', () => {
    const states = amenityStates([{ amenities: ['monitor', 'window'] }, { amenities: ['monitor'] }], list);
    expect([...states]).toEqual([
      ['monitor', 'on'],
      ['standing desk', 'off'],
      ['window', 'mixed'],
      ['quiet', 'off'],
    ]);
  });

  it('keeps a tag a desk has that the list no longer has, after the list', () => {
    expect([...amenityStates([{ amenities: ['sofa'] }], ['monitor'])]).toEqual([
      ['monitor', 'off'],
      ['sofa', 'on'],
    ]);
  });

  it.each([
    ['mixed', 'on'],
    ['off', 'on'],
    ['on', 'off'],
  ] as const)('turns a %s tag %s when clicked', (from, to) => {
    expect(toggleTagState(from)).toBe(to);
  });

  it("applies the choices to each desk: on added, off removed, mixed left as the desk had it, in the list's order", () => {
    const states = new Map([
      ['monitor', 'off'],
      ['standing desk', 'on'],
      ['window', 'mixed'],
      ['quiet', 'off'],
    ] as const);
    expect(applyTagStates(['window', 'monitor'], states)).toEqual(['standing desk', 'window']);
    expect(applyTagStates(['quiet'], states)).toEqual(['standing desk']);
  });

  it('says whether two tag lists are the same', () => {
    expect(sameTags(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameTags(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameTags([], ['a'])).toBe(false);
  });

  it('finds the bookable state the selected desks share, or mixed', () => {
    expect(commonBookable([{ bookable: true }, { bookable: true }])).toBe(true);
    expect(commonBookable([{ bookable: false }])).toBe(false);
    expect(commonBookable([{ bookable: true }, { bookable: false }])).toBe('mixed');
  });
});
