import { MapPinned, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { describeRestriction } from '#domain/neighbourhoods.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useTeams } from '../teams/index.ts';
import { restrictionOf } from './areas.ts';
import { type Neighbourhood, useNeighbourhoods } from './list-neighbourhoods.ts';
import { NeighbourhoodDialog } from './neighbourhood-dialog.tsx';
import { useDeleteNeighbourhood } from './save-neighbourhood.ts';

type Editing = { neighbourhood: Neighbourhood | null } | null;

/**
 * Edit mode's neighbourhoods (issue 29): "Make neighbourhood…" of the desks selected on the map, and the floor's
 * neighbourhoods with what they are kept for, each to select on the map, edit or delete.
 */
export function NeighbourhoodPanel({
  organizationId,
  floorId,
  selectedDeskIds,
  onSelectDesks,
}: {
  organizationId: string;
  floorId: string;
  selectedDeskIds: readonly string[];
  /** Selects these desks on the map. */
  onSelectDesks: (deskIds: readonly string[]) => void;
}) {
  const neighbourhoods = useNeighbourhoods(floorId);
  const teams = useTeams(organizationId);
  const remove = useDeleteNeighbourhood(floorId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Neighbourhood | null>(null);
  const list = neighbourhoods.data ?? [];
  const hasSelection = selectedDeskIds.length > 0;

  return (
    <section
      aria-labelledby="neighbourhoods-heading"
      className="rounded-xl border border-slate-200 bg-white p-2 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2 px-1">
        <h3 id="neighbourhoods-heading" className="text-sm font-semibold text-slate-900">
          Neighbourhoods
        </h3>
        <Button
          size="sm"
          variant="secondary"
          aria-disabled={hasSelection ? undefined : true}
          title={hasSelection ? undefined : 'Select desks on the map first'}
          onClick={() =>
            hasSelection
              ? setEditing({ neighbourhood: null })
              : toast({ title: 'Select desks first', description: 'Select the desks of the neighbourhood on the map.' })
          }
        >
          <MapPinned className="size-4" aria-hidden="true" />
          Make neighbourhood…
        </Button>
        {list.length === 0 && (
          <p className="text-xs text-slate-600">Select desks on the map, then make them a neighbourhood.</p>
        )}
      </div>
      {list.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1" aria-label="Neighbourhoods of this floor">
          {list.map((neighbourhood) => (
            <li
              key={neighbourhood.id}
              className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg px-1 py-1 hover:bg-slate-50"
            >
              <span
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: neighbourhood.colour }}
                aria-hidden="true"
              />
              <button
                type="button"
                className="text-sm font-medium text-slate-900 underline-offset-2 hover:underline"
                onClick={() => onSelectDesks(neighbourhood.deskIds)}
                aria-label={`Select the desks of ${neighbourhood.name}`}
              >
                {neighbourhood.name}
              </button>
              <span className="text-xs text-slate-600">
                {neighbourhood.deskIds.length} {neighbourhood.deskIds.length === 1 ? 'desk' : 'desks'} ·{' '}
                {describeRestriction(restrictionOf(neighbourhood, teams.data ?? []))}
              </span>
              <span className="ml-auto flex gap-1">
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Edit ${neighbourhood.name}`}
                  onClick={() => setEditing({ neighbourhood })}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Delete ${neighbourhood.name}`}
                  onClick={() => setDeleting(neighbourhood)}
                >
                  <Trash2 className="size-4 text-red-700" aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <NeighbourhoodDialog
          organizationId={organizationId}
          floorId={floorId}
          neighbourhood={editing.neighbourhood}
          selectedDeskIds={selectedDeskIds}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete neighbourhood"
        description={`Delete ${deleting?.name ?? ''}? Its desks stay on the map, in no neighbourhood, open to everyone.`}
        confirmLabel="Delete"
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: (answer) => toast({ title: answer.message }),
            onError: (error) => showErrorToast(error, 'Please try again'),
          });
        }}
      />
    </section>
  );
}
