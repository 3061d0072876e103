import { describe, expect, it } from 'vitest';
import { listOfNames } from './text.ts';

describe('listOfNames', () => {
  it.each([
    [[], ''],
    [['a.example'], 'a.example'],
    [['a.example', 'b.example'], 'a.example and b.example'],
    [['a.example', 'b.example', 'c.example'], 'a.example, b.example and c.example'],
  ])('writes %j as %j', (names, expected) => {
    expect(listOfNames(names)).toBe(expected);
  });
});
