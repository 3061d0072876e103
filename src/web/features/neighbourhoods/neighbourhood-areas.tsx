import { memo, useMemo } from 'react';
import { neighbourhoodAreas, type PlacedDesk } from './areas.ts';
import { useNeighbourhoods } from './list-neighbourhoods.ts';

/** The label's height on screen, in pixels, whatever the zoom: canvas units are this over the scale. */
const labelPixels = 22;

/**
 * The floor's neighbourhoods as tinted areas under the desk tiles (issue 29): the colour at low opacity, so that a
 * desk's state keeps its own colours, and the name on a label that stays the same size on screen at any zoom (the
 * surface's --scale), so it reads at the fitted zoom of a phone too. Decoration only: the list view and the desk
 * dialog say the same in words.
 */
export const NeighbourhoodAreas = memo(function NeighbourhoodAreas({
  floorId,
  desks,
  scale,
}: {
  floorId: string;
  desks: readonly PlacedDesk[];
  /** The settled scale (canvas units to pixels). */
  scale: number;
}) {
  const neighbourhoods = useNeighbourhoods(floorId);
  const areas = useMemo(
    () => neighbourhoodAreas(neighbourhoods.data ?? [], desks, labelPixels / (scale || 1)),
    [neighbourhoods.data, desks, scale],
  );
  if (areas.length === 0) return null;
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0" data-neighbourhood-areas="">
      {areas.map((area) => (
        <div
          key={area.id}
          data-neighbourhood={area.name}
          className="absolute"
          style={{
            left: area.x,
            top: area.y,
            width: area.width,
            height: area.height,
            backgroundColor: `${area.colour}1f`,
            border: `calc(2px / var(--scale, 1)) solid ${area.colour}99`,
            borderRadius: 'calc(10px / var(--scale, 1))',
          }}
        >
          <span
            className="absolute left-0 flex items-center rounded-full bg-white/95 font-semibold whitespace-nowrap text-slate-900 shadow-sm"
            style={{
              top: area.isLabelInside ? 'calc(4px / var(--scale, 1))' : undefined,
              bottom: area.isLabelInside ? undefined : 'calc(100% + 3px / var(--scale, 1))',
              marginLeft: 'calc(4px / var(--scale, 1))',
              fontSize: 'calc(12px / var(--scale, 1))',
              lineHeight: 1.4,
              padding: 'calc(1px / var(--scale, 1)) calc(8px / var(--scale, 1))',
              gap: 'calc(5px / var(--scale, 1))',
              border: `calc(1.5px / var(--scale, 1)) solid ${area.colour}`,
            }}
          >
            <span
              className="inline-block rounded-full"
              style={{ width: '0.7em', height: '0.7em', backgroundColor: area.colour }}
            />
            {area.name}
          </span>
        </div>
      ))}
    </div>
  );
});
