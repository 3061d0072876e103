import { Check, Minus, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { amenityKey, amenityLimits, amenityTagSchema } from '#domain/amenities.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useSaveAmenities } from '#web/features/desks/index.ts';
import { cn } from '#web/lib/cn.ts';
import type { TagState } from '../engine/properties.ts';

/**
 * The amenity tags as checkable pills (checkboxes to assistive technology; a tag some of the selected desks have is
 * "mixed"), and a field with which an admin adds a tag to the organization's list, checked at once.
 */
export function AmenityPicker({
  organizationId,
  states,
  onToggle,
  onAdded,
}: {
  organizationId: string;
  states: ReadonlyMap<string, TagState>;
  onToggle: (tag: string) => void;
  onAdded: (tag: string) => void;
}) {
  const saveList = useSaveAmenities(organizationId);
  const [newTag, setNewTag] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const tags = [...states.keys()];

  const addTag = (event: FormEvent) => {
    event.preventDefault();
    const parsed = amenityTagSchema.safeParse(newTag);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Invalid input');
    const existing = tags.find((tag) => amenityKey(tag) === amenityKey(parsed.data));
    if (existing) {
      setNewTag('');
      setProblem(null);
      return onAdded(existing);
    }
    if (tags.length >= amenityLimits.perOrganization) {
      return setProblem(`An organization can keep at most ${amenityLimits.perOrganization} amenities.`);
    }
    saveList.mutate([...tags, parsed.data], {
      onSuccess: (saved) => {
        setNewTag('');
        setProblem(null);
        onAdded(saved.amenities.find((tag) => amenityKey(tag) === amenityKey(parsed.data)) ?? parsed.data);
      },
      onError: (error) => setProblem(errorMessage(error, 'The amenity could not be added. Please try again.')),
    });
  };

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Amenities</legend>
      {tags.length === 0 ? (
        <p className="text-sm text-slate-600">The organization has no amenities yet. Add the first one below.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {tags.map((tag) => {
            const state = states.get(tag) ?? 'off';
            return (
              <li key={tag}>
                {/* biome-ignore lint/a11y/useSemanticElements: a pill that is on, off or mixed (some selected desks have it) */}
                <button
                  type="button"
                  role="checkbox"
                  aria-checked={state === 'mixed' ? 'mixed' : state === 'on'}
                  onClick={() => onToggle(tag)}
                  title={state === 'mixed' ? 'Some of the selected desks have it' : undefined}
                  className={cn(
                    'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm font-medium',
                    state === 'on' && 'border-brand-600 bg-brand-600 text-white',
                    state === 'mixed' && 'border-brand-400 bg-brand-50 text-brand-800',
                    state === 'off' && 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                  )}
                >
                  {state === 'on' && <Check className="size-3.5" aria-hidden="true" />}
                  {state === 'mixed' && <Minus className="size-3.5" aria-hidden="true" />}
                  {tag}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex items-start gap-2">
        <div className="grid flex-1 gap-1">
          <label htmlFor="new-amenity" className="sr-only">
            New amenity
          </label>
          <Input
            id="new-amenity"
            value={newTag}
            maxLength={amenityLimits.tagLength}
            placeholder="New amenity, e.g. dual monitors"
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'new-amenity-problem' : undefined}
            onChange={(event) => {
              setNewTag(event.target.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') addTag(event);
            }}
            className="h-9"
          />
          {problem && (
            <p id="new-amenity-problem" role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
        </div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="h-9"
          disabled={newTag.trim() === '' || saveList.isPending}
          onClick={addTag}
        >
          <Plus className="size-4" aria-hidden="true" />
          {saveList.isPending ? 'Adding…' : 'Add to list'}
        </Button>
      </div>
      <p className="text-xs text-slate-600">A new amenity joins the organization’s list, for every desk.</p>
    </fieldset>
  );
}
