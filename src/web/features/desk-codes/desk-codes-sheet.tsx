import { ScanLine } from 'lucide-react';
import { DeskCode } from './desk-code.tsx';
import { type DeskNameSize, deskAddress, deskNameSize, pagesOf, type SheetDesk, sortDesksForSheet } from './sheet.ts';

const nameClass: Record<DeskNameSize, string> = {
  large: 'desk-code-name desk-code-name-large',
  medium: 'desk-code-name desk-code-name-medium',
  small: 'desk-code-name desk-code-name-small',
};

function DeskCodeCard({
  desk,
  origin,
  floorName,
  organizationName,
}: {
  desk: SheetDesk;
  origin: string;
  floorName: string;
  organizationName: string;
}) {
  return (
    <li className="desk-code-card" aria-label={`Desk ${desk.name}`}>
      <DeskCode address={deskAddress(origin, desk.id)} label={`QR code for desk ${desk.name}`} />
      <p className={nameClass[deskNameSize(desk.name)]}>{desk.name}</p>
      <p className="desk-code-place">
        {floorName} · {organizationName}
      </p>
      <p className="desk-code-hint">
        <ScanLine className="desk-code-hint-icon" aria-hidden="true" />
        Scan to check in or sit here
      </p>
    </li>
  );
}

/**
 * The printed sheet: A4 pages of 3 x 4 cards with dashed cut lines, desks in natural order of their names (out of
 * service ones too: their code says so when scanned). On screen each page is drawn as a sheet of paper.
 */
export function DeskCodesSheet({
  desks,
  origin,
  floorName,
  organizationName,
}: {
  desks: readonly SheetDesk[];
  origin: string;
  floorName: string;
  organizationName: string;
}) {
  const pages = pagesOf(sortDesksForSheet(desks));
  return (
    <div className="desk-codes-pages">
      {pages.map((page, index) => (
        <section
          key={page[0]!.id}
          className="desk-codes-page"
          aria-label={`Page ${index + 1} of ${pages.length}`}
          data-desk-codes-page
        >
          <ul className="desk-codes-grid">
            {page.map((desk) => (
              <DeskCodeCard
                key={desk.id}
                desk={desk}
                origin={origin}
                floorName={floorName}
                organizationName={organizationName}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
