import './desk-tile.css';
import { type CSSProperties, memo } from 'react';
import { type DeskView, outOfServiceLabel } from '#domain/floor-plan.ts';
import { availabilityLabels, type DeskAvailability } from './availability.ts';
import { tileTransform } from './desk-rect.ts';
import { nameFitSize, type TileDetail } from './engine/viewport.ts';

/** The words a tile stands for, for its accessible name and the hover card. */
export function deskDescription(
  desk: Pick<DeskView, 'name' | 'amenities' | 'bookable' | 'unavailableReason'>,
  availability: DeskAvailability,
  lines: readonly string[],
  isMine: boolean,
): string {
  // An assigned desk (issue 29) says whose it is ('Assigned to Dana Scully') rather than 'Blocked, permanent'.
  const isAssigned = availability === 'blocked' && lines.length > 0;
  const label = isAssigned ? lines.join(', ') : availabilityLabels[availability];
  const state = desk.bookable ? label : outOfServiceLabel(desk.unavailableReason);
  const parts = [`Desk ${desk.name}: ${state}`];
  if (!desk.bookable && availability !== 'available') parts.push(label);
  if (isMine) parts.push('your booking');
  if (lines.length > 0 && !isAssigned) parts.push(lines.join(', '));
  if (desk.amenities.length > 0) parts.push(`amenities: ${desk.amenities.join(', ')}`);
  return parts.join(', ');
}

/**
 * One desk on the canvas: a button placed by a transform, with its availability as a colour, a
 * pattern and a mark (never colour alone), the desk's name sized to its tile but never below 11 px on
 * screen, and its booking text when there is room (`detail`). A permanent booking reads BLOCKED and
 * 'permanent', or, for an assigned desk, whose it is (its `lines`); the signed-in person's own booking reads "You". Memoised on the desk object, which
 * keeps its identity in the query cache until that desk changes, so a change to one desk re-renders
 * one tile.
 */
export const DeskTile = memo(function DeskTile({
  desk,
  availability,
  isSelected,
  isEditMode,
  lines,
  detail,
  isMine,
  isHighlighted,
  isDimmed = false,
  isTabStop,
  isCheckedIn = false,
}: {
  /** The signed-in person has checked in to their booking of this desk: their "You" mark says so. */
  isCheckedIn?: boolean;
  desk: DeskView;
  /** The map's one Tab stop among the desks (roving tabindex); undefined in edit mode, where every desk is one. */
  isTabStop?: boolean;
  /** Left out by the amenity filter: drawn quietly, still there and reachable. */
  isDimmed?: boolean;
  availability: DeskAvailability;
  /** Who has the desk on the selected date (spec section 2); stable per desk between booking changes. */
  lines: readonly string[];
  detail: TileDetail;
  isMine: boolean;
  isHighlighted: boolean;
  isSelected: boolean;
  isEditMode: boolean;
}) {
  const width = Number(desk.width) || 1;
  const height = Number(desk.height) || 1;
  return (
    <button
      type="button"
      className="desk-tile"
      data-desk-id={desk.id}
      data-availability={availability}
      data-detail={detail}
      data-mine={isMine ? '' : undefined}
      data-highlighted={isHighlighted ? '' : undefined}
      data-out-of-service={desk.bookable ? undefined : ''}
      data-dimmed={isDimmed ? '' : undefined}
      aria-label={deskDescription(desk, availability, lines, isMine)}
      aria-pressed={isEditMode ? isSelected : undefined}
      tabIndex={isTabStop === undefined ? undefined : isTabStop ? 0 : -1}
      style={
        {
          width,
          height,
          transform: tileTransform(
            Number(desk.positionX) || 0,
            Number(desk.positionY) || 0,
            Number(desk.rotation) || 0,
          ),
          '--fit': `${nameFitSize({ width, height, name: desk.name })}px`,
        } as CSSProperties
      }
    >
      <span className="desk-mark" aria-hidden="true" />
      {detail !== 'mark' && <span className="desk-tile-name">{desk.name}</span>}
      {isMine && detail !== 'mark' && (
        <span className="desk-tile-you">
          You
          {isCheckedIn && <span className="desk-tile-check"> ✓</span>}
        </span>
      )}
      {detail === 'full' &&
        lines.map((line) => (
          <span key={line} className="desk-tile-detail">
            {line}
          </span>
        ))}
      {detail === 'full' && !desk.bookable && <span className="desk-tile-detail">Out of service</span>}
      {detail === 'full' && availability === 'blocked' && lines.length === 0 && (
        <>
          <span className="desk-tile-detail">BLOCKED</span>
          <span className="desk-tile-detail">permanent</span>
        </>
      )}
    </button>
  );
});
