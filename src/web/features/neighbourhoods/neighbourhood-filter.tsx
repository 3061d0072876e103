import { Users } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { myTeamIds, useTeams } from '../teams/index.ts';
import { neighbourhoodsOfMyTeams } from './areas.ts';
import { useNeighbourhoods } from './list-neighbourhoods.ts';

/**
 * The list view's filter by neighbourhood (issue 29): one toggle per neighbourhood of the floor, and "My team's
 * neighbourhood", one tap to the first neighbourhood kept for one of my teams. Nothing when the floor has none.
 */
export function NeighbourhoodFilter({
  organizationId,
  floorId,
  chosen,
  onChange,
}: {
  organizationId: string;
  floorId: string | undefined;
  /** The neighbourhood whose desks are shown; null: every desk. */
  chosen: string | null;
  onChange: (neighbourhoodId: string | null) => void;
}) {
  const neighbourhoods = useNeighbourhoods(floorId).data ?? [];
  const teams = useTeams(organizationId);
  if (neighbourhoods.length === 0) return null;
  const mine = neighbourhoodsOfMyTeams(neighbourhoods, myTeamIds(teams.data))[0];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form's fieldset
    <div role="group" aria-labelledby="neighbourhood-filter-label" className="flex flex-wrap items-center gap-1.5">
      <span id="neighbourhood-filter-label" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Neighbourhoods
      </span>
      {mine && (
        <button
          type="button"
          aria-pressed={chosen === mine.id}
          onClick={() => onChange(chosen === mine.id ? null : mine.id)}
          className={cn(
            'inline-flex h-7 items-center gap-1 rounded-full border px-2.5 text-xs font-semibold',
            chosen === mine.id
              ? 'border-brand-600 bg-brand-600 text-white'
              : 'border-brand-600 bg-brand-50 text-brand-800 hover:bg-brand-100',
          )}
        >
          <Users className="size-3" aria-hidden="true" />
          My team’s neighbourhood
        </button>
      )}
      {neighbourhoods.map((neighbourhood) => {
        const isChosen = chosen === neighbourhood.id;
        return (
          <button
            key={neighbourhood.id}
            type="button"
            aria-pressed={isChosen}
            onClick={() => onChange(isChosen ? null : neighbourhood.id)}
            className={cn(
              'inline-flex h-7 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium',
              isChosen
                ? 'border-slate-900 bg-slate-900 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
            )}
          >
            <span
              className="size-2.5 rounded-full"
              style={{ backgroundColor: neighbourhood.colour }}
              aria-hidden="true"
            />
            {neighbourhood.name}
          </button>
        );
      })}
    </div>
  );
}
