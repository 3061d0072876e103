import { Check } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

/**
 * Filter by amenity, for members on the map and the list (issue 15): a toggle button per tag the floor's desks
 * carry; a desk matches when it has every chosen tag (src/domain/desk-list.ts, hasAmenities).
 */
export function AmenityFilter({
  tags,
  chosen,
  onChange,
  matching,
  total,
}: {
  tags: readonly string[];
  chosen: readonly string[];
  onChange: (chosen: readonly string[]) => void;
  /** How many desks match, said when a tag is chosen. */
  matching: number;
  total: number;
}) {
  if (tags.length === 0) return null;
  const toggle = (tag: string) =>
    onChange(chosen.includes(tag) ? chosen.filter((item) => item !== tag) : [...chosen, tag]);
  return (
    // On a phone the tags scroll sideways in one line, so the map starts higher on the screen (issue 34).
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form's fieldset
    <div
      role="group"
      aria-labelledby="amenity-filter-label"
      className="-mx-3 flex items-center gap-1.5 overflow-x-auto px-3 py-0.5 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
    >
      <span id="amenity-filter-label" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Amenities
      </span>
      {tags.map((tag) => {
        const isChosen = chosen.includes(tag);
        return (
          <button
            key={tag}
            type="button"
            aria-pressed={isChosen}
            onClick={() => toggle(tag)}
            className={cn(
              'inline-flex h-7 shrink-0 items-center gap-1 rounded-full border px-2.5 text-xs font-medium whitespace-nowrap',
              isChosen
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
            )}
          >
            {isChosen && <Check className="size-3" aria-hidden="true" />}
            {tag}
          </button>
        );
      })}
      {chosen.length > 0 && (
        <button
          type="button"
          onClick={() => onChange([])}
          className="h-7 shrink-0 rounded-full px-2 text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Clear
        </button>
      )}
      {/* Always there, so that screen readers hear each change of the count. */}
      <span role="status" className="shrink-0 text-xs whitespace-nowrap text-slate-700">
        {chosen.length > 0
          ? `${matching} of ${total} ${total === 1 ? 'desk has' : 'desks have'} ${chosen.join(' and ')}`
          : ''}
      </span>
    </div>
  );
}
