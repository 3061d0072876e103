import { useId, useState } from 'react';
import type { OrganizationView } from '#domain/organization.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { useUpdateHideNames } from './update-hide-names.ts';

/**
 * Admins: "Hide who booked which desk from members" (issue 29), saved as soon as it is flipped. Members then see
 * "Booked" or "Assigned" for other people's desks in Who's in, on the map and in the list; admins still see names.
 */
export function HideNamesSetting({ organization }: { organization: OrganizationView }) {
  const id = useId();
  const update = useUpdateHideNames(organization.id);
  // Set in the change itself: a controlled checkbox left at the old value until the mutation's state arrives would
  // spring back for a moment. Once the organization read says otherwise than when it was chosen, that read wins.
  const [chosen, setChosen] = useState<{ value: boolean; over: boolean } | null>(null);
  const checked = chosen?.over === organization.hideNames ? chosen.value : organization.hideNames;
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-2 border-b border-slate-200 pb-4">
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        Privacy
      </h3>
      <div className="grid grid-cols-[1fr_auto] items-start gap-x-4">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Hide who booked which desk from members
        </label>
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          aria-describedby={`${id}-hint`}
          checked={checked}
          disabled={update.isPending}
          onChange={(event) => {
            setChosen({ value: event.target.checked, over: organization.hideNames });
            update.mutate(event.target.checked, {
              onSuccess: (_, hideNames) =>
                toast({
                  title: hideNames ? 'Names hidden from members' : 'Names shown to members',
                  description: hideNames
                    ? 'Members see “Booked” or “Assigned” for other people’s desks, and cannot follow colleagues.'
                    : 'Members see who booked which desk again.',
                }),
              onError: (error) => {
                setChosen(null);
                showErrorToast(error, 'The setting could not be saved. Please try again.');
              },
            });
          }}
          className="relative mt-0.5 h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-4 before:rounded-full before:bg-white before:shadow before:transition-transform before:content-[''] checked:bg-brand-600 checked:before:translate-x-4 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
        />
        <p id={`${id}-hint`} className="col-span-2 mt-1 text-xs text-slate-600">
          Members see “Booked” or “Assigned” instead of names in Who’s in, on the map and in the list, and following
          colleagues is turned off. Admins still see names; everyone sees their own bookings.
        </p>
      </div>
    </section>
  );
}
