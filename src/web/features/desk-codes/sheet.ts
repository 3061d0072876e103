import { naturalSortKey } from '#domain/desk-list.ts';

/** What a QR card needs of a desk. */
export interface SheetDesk {
  id: string;
  name: string;
}

/** Cards on one A4 page: 3 across, 4 down (see desk-codes.css). */
export const cardsPerPage = 12;

/** What a desk's code encodes: its page (/desk/:deskId), which checks in, books the current slot or says until when. */
export function deskAddress(origin: string, deskId: string): string {
  return `${origin.replace(/\/$/, '')}/desk/${encodeURIComponent(deskId)}`;
}

/** Plain code-unit order, as the list view compares its natural sort keys. */
const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The floor's desks by name in natural order (D2 before D10), as the list view sorts them; every desk is kept. */
export function sortDesksForSheet<T extends SheetDesk>(desks: readonly T[]): T[] {
  const keys = new Map(desks.map((desk) => [desk.id, naturalSortKey(desk.name)]));
  return [...desks].sort(
    (a, b) => order(keys.get(a.id)!, keys.get(b.id)!) || order(a.name, b.name) || order(a.id, b.id),
  );
}

/** The printed pages: `perPage` cards each, the last one holding the rest; none for no desks. */
export function pagesOf<T>(items: readonly T[], perPage = cardsPerPage): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += perPage) pages.push(items.slice(start, start + perPage));
  return pages;
}

/** A desk name of up to 40 characters fits its card in at most two lines: the longer, the smaller. */
export type DeskNameSize = 'large' | 'medium' | 'small';

export function deskNameSize(name: string): DeskNameSize {
  if (name.length <= 14) return 'large';
  if (name.length <= 24) return 'medium';
  return 'small';
}

/** '14 desks on 2 A4 pages': the summary above the sheet. */
export function sheetSummary(deskCount: number): string {
  const pages = Math.ceil(deskCount / cardsPerPage);
  const desks = deskCount === 1 ? '1 desk' : `${deskCount} desks`;
  return `${desks} on ${pages === 1 ? '1 A4 page' : `${pages} A4 pages`}`;
}

/**
 * The dark modules of a QR symbol as one SVG path in module units, shifted by the quiet zone `margin`: each run
 * of dark modules in a row is one rectangle, so the code is a few hundred path commands rather than a thousand
 * squares, and prints as crisp vector shapes at any size.
 */
export function qrModulesPath(size: number, isDark: (row: number, column: number) => boolean, margin: number): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) {
    let column = 0;
    while (column < size) {
      if (!isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < size && isDark(row, column)) column += 1;
      const length = column - start;
      parts.push(`M${start + margin} ${row + margin}h${length}v1h-${length}z`);
    }
  }
  return parts.join('');
}
