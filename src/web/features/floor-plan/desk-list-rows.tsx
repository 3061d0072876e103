import { type CSSProperties, memo } from 'react';
import { slotLabel } from '#domain/bookings.ts';
import type { DeskHolder, DeskListRow } from '#domain/desk-list.ts';
import { outOfServiceLabel } from '#domain/floor-plan.ts';
import { releasedDayLabel } from '#domain/releases.ts';
import { availabilityLabels } from './availability.ts';

/** What a row's buttons do: open the desk's dialog, or show the desk on the map. */
export interface RowActions {
  book: (deskId: string) => void;
  showOnMap: (deskId: string) => void;
}

function holderSlot(holder: DeskHolder): string {
  const slot = holder.isPermanent ? 'permanent' : slotLabel(holder.slot);
  return slot.charAt(0).toUpperCase() + slot.slice(1);
}

/**
 * What a partly booked desk still offers (the other states say it in their label), and whose assigned desk it is
 * when its words are not the state itself (a day its owner released, or a desk out of service).
 */
function statusNote(row: DeskListRow): string | null {
  const notes: string[] = [];
  if (row.status === 'partial' && row.free.morning) notes.push('Morning free');
  else if (row.status === 'partial' && row.free.afternoon) notes.push('Afternoon free');
  if (row.assigned?.isReleased) notes.push(releasedDayLabel(row.assigned.label));
  else if (row.assigned && !row.bookable) notes.push(row.assigned.label);
  return notes.length > 0 ? notes.join(' · ') : null;
}

/** The state in words: an assigned desk on a day it holds reads as whose it is (issue 29), not 'Blocked, permanent'. */
function statusLabel(row: DeskListRow): string {
  if (row.assigned && !row.assigned.isReleased && row.status === 'blocked') return row.assigned.label;
  return availabilityLabels[row.status];
}

/**
 * One desk's content: its name, its state as a mark and words, who has it, Book (or View, or Details) and
 * Show on map. Memoised on the row, which keeps its identity until the day's bookings or the desks change;
 * filtering flips `hidden` on the list item around it and renders none of this again.
 */
const DeskListItemContent = memo(function DeskListItemContent({
  row,
  actions,
}: {
  row: DeskListRow;
  actions: RowActions;
}) {
  const note = statusNote(row);
  let action: { text: string; label: string; variant: 'primary' | 'secondary' };
  if (row.isYours) action = { text: 'View', label: `View your booking of ${row.name}`, variant: 'secondary' };
  else if (row.status === 'blocked' || !row.bookable) {
    action = { text: 'Details', label: `Details of desk ${row.name}`, variant: 'secondary' };
  } else {
    action = {
      text: 'Book',
      label: `Book desk ${row.name}`,
      variant: row.status === 'booked' ? 'secondary' : 'primary',
    };
  }
  // Short class names styled in desk-list.css: with 2,000 rows, setting long utility class lists was the
  // largest single cost of rendering the list. The buttons look like the Button primitive's.
  return (
    <>
      <div className="desk-list-info">
        <p className="desk-list-name">{row.name}</p>
        {row.bookable ? (
          <p className="desk-list-status" data-status={row.status}>
            {statusLabel(row)}
            {note && <span className="desk-list-note">{note}</span>}
          </p>
        ) : (
          <p className="desk-list-status" data-status="out-of-service">
            {outOfServiceLabel(row.unavailableReason)}
            {note && <span className="desk-list-note">{note}</span>}
          </p>
        )}
        {row.description && <p className="desk-list-about">{row.description}</p>}
        {row.amenities.length > 0 && (
          <p className="desk-list-about">
            <span className="sr-only">Amenities: </span>
            {row.amenities.join(' · ')}
          </p>
        )}
        {row.holders.length > 0 && (
          <p className="desk-list-holders">
            {row.holders.map((holder, index) => (
              // A person may hold a desk's morning and its afternoon, never one slot twice.
              <span key={`${holder.userId ?? holder.name} ${holder.slot}`} className="desk-list-holder">
                <span className="desk-list-slot">{holderSlot(holder)}:</span>{' '}
                {holder.isYou && !holder.isPermanent ? <span className="desk-list-you">You</span> : holder.name}
                {holder.isCheckedIn && (
                  <span className="desk-list-checked-in">
                    <span className="sr-only">, </span>
                    <span aria-hidden="true">✓ </span>checked in
                  </span>
                )}
                {index < row.holders.length - 1 && <span className="sr-only">;</span>}
              </span>
            ))}
          </p>
        )}
      </div>
      <button
        type="button"
        className="desk-list-book"
        data-variant={action.variant}
        aria-label={action.label}
        onClick={() => actions.book(row.deskId)}
      >
        {action.text}
      </button>
      <button
        type="button"
        className="desk-list-map"
        aria-label={`Show ${row.name} on the map`}
        onClick={() => actions.showOnMap(row.deskId)}
      />
    </>
  );
});

/** One list item: only its `hidden` changes with the search and the filter, and its content is not rendered again. */
const DeskListItem = memo(function DeskListItem({
  row,
  hidden,
  actions,
}: {
  row: DeskListRow;
  hidden: boolean;
  actions: RowActions;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the rows sit in chunks (below), which a ul could not hold
    <div role="listitem" className="desk-list-row" hidden={hidden} data-list-desk-id={row.deskId}>
      <DeskListItemContent row={row} actions={actions} />
    </div>
  );
});

/** Rows per chunk: a chunk off screen costs one box, whatever its rows do. */
export const chunkSize = 50;

/**
 * A run of rows that the browser skips as a whole while it is off screen (content-visibility), so that a
 * keystroke restyles and lays out the rows near the screen, not 2,000. Its size off screen is estimated from
 * the rows it shows. `shownMask` ('1' shown, '0' hidden per row) changes only when one of its rows does.
 */
export const DeskListChunk = memo(function DeskListChunk({
  rows,
  shownMask,
  actions,
}: {
  rows: readonly DeskListRow[];
  shownMask: string;
  actions: RowActions;
}) {
  let shownCount = 0;
  for (const flag of shownMask) if (flag === '1') shownCount += 1;
  return (
    <div
      className="desk-list-chunk"
      hidden={shownCount === 0}
      style={{ '--desk-list-rows': shownCount } as CSSProperties}
    >
      {rows.map((row, index) => (
        <DeskListItem key={row.deskId} row={row} hidden={shownMask[index] !== '1'} actions={actions} />
      ))}
    </div>
  );
});
