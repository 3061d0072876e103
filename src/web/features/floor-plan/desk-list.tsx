import './desk-list.css';
import { Search, SearchX, X } from 'lucide-react';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SharedBookingView } from '#domain/bookings-responses.ts';
import {
  buildDeskRows,
  countByFilter,
  type DeskListFilter,
  type DeskListRow,
  deskListFilterLabels,
  deskListFilters,
  filterDeskRows,
  slotNow,
} from '#domain/desk-list.ts';
import type { DeskView } from '#domain/floor-plan.ts';
import type { OrganizationView } from '#domain/organization.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useMinuteClock } from '#web/lib/use-minute-clock.ts';
import { NeighbourhoodFilter } from '../neighbourhoods/index.ts';
import { useCurrentSite } from '../sites/index.ts';
import { AmenityFilter } from './amenity-filter.tsx';
import { chunkSize, DeskListChunk, type RowActions } from './desk-list-rows.tsx';
import { useDeskAmenityFilter } from './use-amenity-filter.ts';

interface BuiltRows {
  desks: readonly DeskView[];
  dayBookings: readonly SharedBookingView[];
  date: string;
  currentUserId: string;
  rows: DeskListRow[];
}

// The rows last built, kept across mounts: the desks and bookings keep their identity in the query cache, so
// switching Map → List → Map → List builds the rows once.
let lastBuilt: BuiltRows | undefined;

function deskRowsFor(
  desks: readonly DeskView[],
  dayBookings: readonly SharedBookingView[],
  date: string,
  currentUserId: string,
): DeskListRow[] {
  const last = lastBuilt;
  if (
    last?.desks === desks &&
    last.dayBookings === dayBookings &&
    last.date === date &&
    last.currentUserId === currentUserId
  ) {
    return last.rows;
  }
  const rows = buildDeskRows(desks, dayBookings, date, currentUserId);
  lastBuilt = { desks, dayBookings, date, currentUserId, rows };
  return rows;
}

/**
 * Issue 14, the list view beside the map: every desk of the floor with its state on the date and who has it,
 * a search over desk and people's names, filters by free slot, and Book / Show on map per desk. Built for
 * phones first and for floors of 2,000 desks (bench/list-render.ts).
 */
export function DeskList({
  organization,
  floorName,
  desks,
  dayBookings,
  date,
  currentUserId,
  onBook,
  onShowOnMap,
  isLoading = false,
}: {
  organization: OrganizationView;
  floorName: string;
  desks: readonly DeskView[];
  dayBookings: readonly SharedBookingView[];
  date: string;
  currentUserId: string;
  onBook: (deskId: string) => void;
  onShowOnMap: (deskId: string) => void;
  /** The floor's desks are still being fetched: the list says so rather than 'no desks'. */
  isLoading?: boolean;
}) {
  const id = useId();
  const rows = useMemo(
    () => deskRowsFor(desks, dayBookings, date, currentUserId),
    [desks, dayBookings, date, currentUserId],
  );
  const [search, setSearch] = useState('');
  const [chosenFilter, setChosenFilter] = useState<DeskListFilter>('all');
  // 'Free now' is judged on the clock of the floor's site: its zone, midday and end of day (issue 28).
  const { clock } = useCurrentSite(organization);
  const now = slotNow(clock, date, useMinuteClock());
  // 'Free now' is offered only while today's slots run; otherwise a choice of it falls back to every desk.
  const filter = chosenFilter === 'free-now' && now === null ? 'all' : chosenFilter;
  const filters = now === null ? deskListFilters.filter((item) => item !== 'free-now') : deskListFilters;

  const amenityFilter = useDeskAmenityFilter(organization.id, desks);
  const amenities = amenityFilter.chosen;

  // Issue 29: the desks of one neighbourhood only (the desks say which they are in).
  const [neighbourhoodId, setNeighbourhoodId] = useState<string | null>(null);
  const shown = useMemo(() => {
    const inNeighbourhood = neighbourhoodId
      ? new Set(desks.filter((desk) => desk.neighbourhoodId === neighbourhoodId).map((desk) => desk.id))
      : null;
    return new Set(
      filterDeskRows(rows, { filter, search, slotNow: now, amenities })
        .map((row) => row.deskId)
        .filter((deskId) => !inNeighbourhood || inNeighbourhood.has(deskId)),
    );
  }, [rows, filter, search, now, amenities, neighbourhoodId, desks]);
  const counts = useMemo(() => countByFilter(rows, search, now, amenities), [rows, search, now, amenities]);
  const withAmenities = useMemo(
    () =>
      amenities.length === 0
        ? rows.length
        : filterDeskRows(rows, { filter: 'all', search: '', slotNow: null, amenities }).length,
    [rows, amenities],
  );
  const chunks = useMemo(() => {
    const runs: DeskListRow[][] = [];
    for (let start = 0; start < rows.length; start += chunkSize) runs.push(rows.slice(start, start + chunkSize));
    return runs;
  }, [rows]);

  // The rows keep one actions object, so a parent passing new callbacks each render re-renders no row.
  const latest = useRef({ onBook, onShowOnMap });
  useLayoutEffect(() => {
    latest.current = { onBook, onShowOnMap };
  });
  const actions = useMemo<RowActions>(
    () => ({
      book: (deskId) => latest.current.onBook(deskId),
      showOnMap: (deskId) => latest.current.onShowOnMap(deskId),
    }),
    [],
  );

  const searchRef = useRef<HTMLInputElement>(null);
  const clear = () => {
    setSearch('');
    setChosenFilter('all');
    amenityFilter.setChosen([]);
    setNeighbourhoodId(null);
    searchRef.current?.focus();
  };
  const total = rows.length;
  const desksWord = total === 1 ? 'desk' : 'desks';

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
            {floorName}
          </h2>
          <p className="text-sm text-slate-600" role="status">
            {total === 0 && isLoading ? 'Loading desks…' : `${shown.size} of ${total} ${desksWord}`}
          </p>
        </div>
      </div>

      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
        <div className="relative">
          <label htmlFor={`${id}-search`} className="sr-only">
            Search desks or people
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            ref={searchRef}
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search desks or people"
            autoComplete="off"
            spellCheck={false}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-10 pl-9 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:text-sm [&::-webkit-search-cancel-button]:hidden"
          />
          {search && (
            <button
              type="button"
              onClick={() => {
                setSearch('');
                searchRef.current?.focus();
              }}
              className="absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label="Clear search"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
        <fieldset className="min-w-0">
          <legend className="sr-only">Show desks</legend>
          <div className="flex flex-wrap gap-2">
            {filters.map((item) => {
              const isChosen = item === filter;
              return (
                <label
                  key={item}
                  className={cn(
                    'inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors select-none',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                    isChosen
                      ? 'border-brand-600 bg-brand-600 text-white shadow-sm'
                      : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-filter`}
                    value={item}
                    checked={isChosen}
                    onChange={() => setChosenFilter(item)}
                    className="sr-only"
                  />
                  {deskListFilterLabels[item]}
                  <span
                    className={cn(
                      'rounded-full px-1.5 text-xs tabular-nums',
                      isChosen ? 'bg-white text-brand-700' : 'bg-slate-100 text-slate-700',
                    )}
                  >
                    {counts[item]}
                    <span className="sr-only"> {counts[item] === 1 ? 'desk' : 'desks'}</span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <AmenityFilter
          tags={amenityFilter.tags}
          chosen={amenities}
          onChange={amenityFilter.setChosen}
          matching={withAmenities}
          total={total}
        />
        <NeighbourhoodFilter
          organizationId={organization.id}
          floorId={desks[0]?.floorId}
          chosen={neighbourhoodId}
          onChange={setNeighbourhoodId}
        />
      </div>

      {total === 0 && isLoading ? (
        <div className="h-40 animate-pulse rounded-2xl border border-slate-200 bg-white" aria-hidden="true" />
      ) : total === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
          {floorName} has no desks yet.
          {organization.role === 'admin' && ' Add them on the map with Edit Mode.'}
        </div>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          {/* Every row has a top border; the list's first pixel is clipped so the first row shown has none. */}
          {/* biome-ignore lint/a11y/useSemanticElements: its items sit in chunks, which a ul could not hold */}
          <div role="list" className="-mt-px" aria-label={`Desks on ${floorName}`}>
            {chunks.map((chunk) => (
              <DeskListChunk
                key={chunk[0]!.deskId}
                rows={chunk}
                shownMask={chunk.map((row) => (shown.has(row.deskId) ? '1' : '0')).join('')}
                actions={actions}
              />
            ))}
          </div>
          {shown.size === 0 && (
            <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
              <SearchX className="size-6 text-slate-400" aria-hidden="true" />
              <p className="text-sm text-slate-700">
                {search.trim()
                  ? `No desks or people match “${search.trim()}”${filter === 'all' ? '' : ` among desks ${deskListFilterLabels[filter].toLowerCase()}`}.`
                  : filter === 'all'
                    ? `No desks have ${amenities.join(' and ')}.`
                    : `No desks are ${deskListFilterLabels[filter].toLowerCase()}${amenities.length > 0 ? ` with ${amenities.join(' and ')}` : ''}.`}
              </p>
              <Button variant="secondary" size="sm" onClick={clear}>
                Show all desks
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
