import './desk-tile.css';
import { memo } from 'react';
import type { DeskView } from '../../../domain/floor-plan.ts';
import { availabilityLabels, type DeskAvailability } from './availability.ts';
import { tileTransform } from './desk-rect.ts';

/**
 * One desk on the canvas: a button placed by a transform, showing the desk's name on its
 * availability colour (a permanent booking adds BLOCKED and 'permanent'). Memoised on the desk
 * object, which keeps its identity in the query cache until that desk changes, so a change to
 * one desk re-renders one tile. Deliberately lean: one element and one text node per desk.
 */
export const DeskTile = memo(function DeskTile({
  desk,
  availability,
  isSelected,
  isEditMode,
  lines,
}: {
  desk: DeskView;
  availability: DeskAvailability;
  /** Who has the desk on the selected date (spec section 2); stable per desk between booking changes. */
  lines?: readonly string[] | undefined;
  isSelected: boolean;
  isEditMode: boolean;
}) {
  return (
    <button
      type="button"
      className="desk-tile"
      data-desk-id={desk.id}
      data-availability={availability}
      aria-label={`Desk ${desk.name}: ${availabilityLabels[availability]}${lines?.length ? `, ${lines.join(', ')}` : ''}`}
      aria-pressed={isEditMode ? isSelected : undefined}
      style={{
        width: Number(desk.width) || 1,
        height: Number(desk.height) || 1,
        transform: tileTransform(Number(desk.positionX) || 0, Number(desk.positionY) || 0, Number(desk.rotation) || 0),
      }}
    >
      {desk.name}
      {lines?.map((line) => (
        <span key={line} className="desk-tile-detail">
          {line}
        </span>
      ))}
      {availability === 'blocked' && (
        <>
          <span className="desk-tile-detail">BLOCKED</span>
          <span className="desk-tile-detail">permanent</span>
        </>
      )}
    </button>
  );
});
