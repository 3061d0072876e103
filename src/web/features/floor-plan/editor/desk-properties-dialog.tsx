import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  type DeskBatchUpdate,
  deskDescriptionLimit,
  deskNameLimit,
  deskPropertiesFormSchema,
  unavailableReasonLimit,
} from '#domain/floor-plan.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import {
  type Desk,
  useAmenities,
  useBatchDesks,
  useUpdateDeskProperties,
  writeDesks,
} from '#web/features/desks/index.ts';
import { refreshFloorPlanCaches } from '#web/features/floors/index.ts';
import {
  amenityStates,
  applyTagStates,
  commonBookable,
  sameTags,
  type TagState,
  toggleTagState,
} from '../engine/properties.ts';
import { AmenityPicker } from './amenity-picker.tsx';

const textArea =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

function BookableSwitch({ value, onChange }: { value: boolean | 'mixed'; onChange: (value: boolean) => void }) {
  const isOn = value === true;
  return (
    <div className="flex items-center justify-between gap-4">
      <span id="bookable-label" className="text-sm font-medium text-slate-800">
        Bookable
      </span>
      <Switch
        checked={isOn}
        onCheckedChange={onChange}
        aria-labelledby="bookable-label"
        aria-describedby="bookable-hint"
      />
    </div>
  );
}

/**
 * Desk properties in edit mode (issue 15). One desk: name, description, amenities, bookable with its reason, saved
 * with its PUT. Several: their amenities and bookable state, saved for all of them in one batch request.
 */
export function DeskPropertiesDialog({
  organizationId,
  floorId,
  desks,
  onClose,
}: {
  organizationId: string;
  floorId: string;
  desks: readonly Desk[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const amenityList = useAmenities(organizationId, { fresh: true });
  const updateOne = useUpdateDeskProperties();
  const updateMany = useBatchDesks(floorId);
  const [first] = desks;
  const isSingle = desks.length === 1;
  // The name's problem is said on submit and goes as soon as the name is changed; the server's other refusals are
  // said under the form until the next try.
  const {
    control,
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(deskPropertiesFormSchema({ isNamed: isSingle })),
    defaultValues: {
      name: first?.name ?? '',
      description: first?.description ?? '',
      bookable: commonBookable(desks),
      unavailableReason: desks.every((desk) => desk.unavailableReason === first?.unavailableReason)
        ? (first?.unavailableReason ?? '')
        : '',
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const bookable = watch('bookable');
  // The amenity pills start as the desks have them; the first click keeps the admin's choices from then on.
  const [chosen, setChosen] = useState<Map<string, TagState> | null>(null);
  const isSaving = updateOne.isPending || updateMany.isPending;

  const states = chosen ?? amenityStates(desks, amenityList.data?.amenities ?? []);
  const setTag = (tag: string, state: TagState) => setChosen(new Map(states).set(tag, state));

  const done = (saved: readonly Desk[]) => {
    writeDesks(queryClient, floorId, saved);
    void refreshFloorPlanCaches(queryClient);
    toast({
      title: 'Desk properties saved',
      description: isSingle
        ? `${saved[0]?.name ?? 'The desk'} is up to date.`
        : `${saved.length} desks are up to date.`,
    });
    onClose();
  };
  // A name another desk of the floor has is said under the name; any other refusal under the form.
  const refused = (error: unknown) => {
    const message = errorMessage(error, 'The desk properties could not be saved.');
    const isAboutName = isSingle && /already on this floor/.test(message);
    setError(isAboutName ? 'name' : 'root.server', { type: 'server', message });
  };

  const submit = handleSubmit((values) => {
    // Bookable is sent only once it is the same for all of them, and the reason only with out of service.
    const bookableChange =
      values.bookable === 'mixed'
        ? {}
        : { bookable: values.bookable, unavailableReason: values.bookable ? null : values.unavailableReason };
    if (isSingle && first) {
      const properties = {
        name: values.name,
        description: values.description,
        amenities: applyTagStates(first.amenities, states),
        ...bookableChange,
      };
      updateOne.mutate({ deskId: first.id, properties }, { onSuccess: (desk) => done([desk]), onError: refused });
      return;
    }
    const updates = desks.flatMap((desk): DeskBatchUpdate[] => {
      const amenities = applyTagStates(desk.amenities, states);
      const update: DeskBatchUpdate = {
        id: desk.id,
        ...(sameTags(amenities, desk.amenities) ? {} : { amenities }),
        ...bookableChange,
      };
      return Object.keys(update).length > 1 ? [update] : [];
    });
    if (updates.length === 0) return onClose();
    updateMany.mutate(updates, { onSuccess: (answer) => done(answer.updated), onError: refused });
  });

  const title = isSingle ? `Desk properties: ${first?.name ?? ''}` : `Properties of ${desks.length} desks`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={title}
        size="lg"
        description={
          isSingle
            ? 'What members see about this desk, and whether they can book it.'
            : 'Amenities and bookable for every selected desk. A tag marked with a dash stays as each desk has it.'
        }
      >
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {isSingle && (
            <>
              <FormField control={control} name="name" id="desk-name" label="Name">
                {(field) => (
                  <Input
                    {...field}
                    {...register('name', { onChange: () => clearErrors('name') })}
                    maxLength={deskNameLimit}
                    autoComplete="off"
                  />
                )}
              </FormField>
              <FormField control={control} name="description" id="desk-description" label="Description">
                {(field) => (
                  <textarea
                    {...field}
                    {...register('description')}
                    rows={3}
                    maxLength={deskDescriptionLimit}
                    placeholder="e.g. By the south window, next to the printer"
                    className={textArea}
                  />
                )}
              </FormField>
            </>
          )}
          {amenityList.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              Loading amenities…
            </p>
          ) : (
            <AmenityPicker
              organizationId={organizationId}
              states={states}
              onToggle={(tag) => setTag(tag, toggleTagState(states.get(tag) ?? 'off'))}
              onAdded={(tag) => setTag(tag, 'on')}
            />
          )}
          <div className="grid gap-2 rounded-xl border border-slate-200 p-3">
            <Controller
              control={control}
              name="bookable"
              render={({ field: { value, onChange } }) => <BookableSwitch value={value} onChange={onChange} />}
            />
            <p id="bookable-hint" className="text-xs text-slate-600">
              {bookable === 'mixed'
                ? 'Some of these desks are out of service; the switch sets all of them.'
                : bookable
                  ? 'Members can book this desk.'
                  : 'Out of service: members see the desk and the reason, and cannot book it.'}
            </p>
            {bookable === false && (
              <FormField
                control={control}
                name="unavailableReason"
                id="unavailable-reason"
                label="Reason members see (optional)"
              >
                {(field) => (
                  <Input
                    {...field}
                    {...register('unavailableReason')}
                    maxLength={unavailableReasonLimit}
                    placeholder="e.g. Chair broken"
                    autoComplete="off"
                  />
                )}
              </FormField>
            )}
          </div>
          {errors.root?.server && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {errors.root.server.message}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
