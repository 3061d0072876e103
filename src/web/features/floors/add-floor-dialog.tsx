import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { createFloorSchema } from '#domain/floor-plan.ts';
import { errorMessage } from '#web/app/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useCreateFloor } from './create-floor.ts';
import type { Floor } from './list-floors.ts';

/** Add New Floor: a name that is not blank once trimmed; Enter submits. */
export function AddFloorDialog({
  organizationId,
  open,
  onOpenChange,
  onCreated,
}: {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (floor: Floor) => void;
}) {
  const createFloor = useCreateFloor(organizationId);
  // The schema's problem is said on submit and goes as soon as the name is changed.
  const { control, register, handleSubmit, watch, reset, clearErrors } = useForm({
    resolver: zodResolver(createFloorSchema),
    defaultValues: { name: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // Add Floor waits for a name: blank, there is nothing to try.
  const isBlank = watch('name').trim() === '';

  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const submit = handleSubmit(({ name }) =>
    createFloor.mutate(name, {
      onSuccess: (floor) => {
        toast({ title: 'Floor added', description: `${floor.name} is ready for desks.` });
        onCreated(floor);
        close(false);
      },
      onError: (error) =>
        toast({ title: 'Error', description: errorMessage(error, 'Failed to add floor'), variant: 'destructive' }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Add New Floor" description="Give the floor a name, such as Ground Floor or Level 2.">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField control={control} name="name" id="floor-name" label="Floor name">
            {(field) => (
              <Input
                {...field}
                {...register('name', { onChange: () => clearErrors('name') })}
                maxLength={100}
                autoComplete="off"
                placeholder="e.g. Level 2"
              />
            )}
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isBlank || createFloor.isPending}>
              {createFloor.isPending ? 'Adding…' : 'Add Floor'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
