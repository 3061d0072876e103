import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { deskAddress, deskNameSize, pagesOf, qrModulesPath, sheetSummary, sortDesksForSheet } from './sheet.ts';

const desk = (id: string, name: string) => ({ id, name });

/** The module cells a path of qrModulesPath covers, read back from its rectangles. */
function cellsOf(path: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, length] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let step = 0; step < Number(length); step += 1) cells.add(`${Number(y)},${Number(x) + step}`);
  }
  return cells;
}

describe('the desk codes sheet', () => {
  it.each([
    ['https://perch.example.com', 'd-1', 'https://perch.example.com/desk/d-1'],
    ['https://perch.example.com/', 'd-1', 'https://perch.example.com/desk/d-1'],
    [
      'http://localhost:5173',
      '3f1c0b2e-6a4d-4c1e-9a57-0f8a2b9c7d11',
      'http://localhost:5173/desk/3f1c0b2e-6a4d-4c1e-9a57-0f8a2b9c7d11',
    ],
  ])('encodes %s and desk %s as %s', (origin, deskId, address) => {
    expect(deskAddress(origin, deskId)).toBe(address);
  });

  it('sorts desks by name in natural order, whatever their case', () => {
    const sorted = sortDesksForSheet([
      desk('a', 'D10'),
      desk('b', 'd2'),
      desk('c', 'D1'),
      desk('d', 'Booth'),
      desk('e', 'D02'),
    ]);
    expect(sorted.map((item) => item.name)).toEqual(['Booth', 'D1', 'D02', 'd2', 'D10']);
  });

  it('puts 12 cards on a page and the rest on the last one', () => {
    const desks = Array.from({ length: 25 }, (_, index) => index);
    expect(pagesOf(desks).map((page) => page.length)).toEqual([12, 12, 1]);
    expect(pagesOf(desks.slice(0, 12)).map((page) => page.length)).toEqual([12]);
    expect(pagesOf([])).toEqual([]);
  });

  it.each([
    ['D01', 'large'],
    ['Window seat 14', 'large'],
    ['Window seat by the lift', 'medium'],
    ['Quiet room corner desk by the south window', 'small'],
  ])('sizes the name %s %s', (name, size) => {
    expect(deskNameSize(name)).toBe(size);
  });

  it.each([
    [1, '1 desk on 1 A4 page'],
    [12, '12 desks on 1 A4 page'],
    [13, '13 desks on 2 A4 pages'],
  ])('sums up %i desks as %s', (count, summary) => {
    expect(sheetSummary(count)).toBe(summary);
  });

  it('draws exactly the dark modules of the QR symbol, shifted by the quiet zone', () => {
    const { modules } = create('https://perch.example.com/desk/3f1c0b2e-6a4d-4c1e-9a57-0f8a2b9c7d11', {
      errorCorrectionLevel: 'M',
    });
    const margin = 2;
    const dark = new Set<string>();
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) dark.add(`${row + margin},${column + margin}`);
      }
    }
    const path = qrModulesPath(modules.size, (row, column) => modules.get(row, column) === 1, margin);
    expect(dark.size).toBeGreaterThan(100);
    expect(cellsOf(path)).toEqual(dark);
  });
});
