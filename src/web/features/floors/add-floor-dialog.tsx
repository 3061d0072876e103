import { type FormEvent, useState } from 'react';
import { floorNameSchema } from '../../../domain/floor-plan.ts';
import { errorMessage } from '../../app/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { FieldError, Input, Label } from '../../components/ui/input.tsx';
import { toast } from '../../components/ui/use-toast.ts';
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
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const createFloor = useCreateFloor(organizationId);

  const close = (next: boolean) => {
    if (!next) {
      setName('');
      setProblem(undefined);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = floorNameSchema.safeParse(name);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    createFloor.mutate(parsed.data, {
      onSuccess: (floor) => {
        toast({ title: 'Floor added', description: `${floor.name} is ready for desks.` });
        onCreated(floor);
        close(false);
      },
      onError: (error) =>
        toast({ title: 'Error', description: errorMessage(error, 'Failed to add floor'), variant: 'destructive' }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Add New Floor" description="Give the floor a name, such as Ground Floor or Level 2.">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="floor-name">Floor name</Label>
            <Input
              id="floor-name"
              value={name}
              maxLength={100}
              autoComplete="off"
              placeholder="e.g. Level 2"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'floor-name-error' : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setProblem(undefined);
              }}
            />
            <FieldError id="floor-name-error" message={problem} />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={name.trim() === '' || createFloor.isPending}>
              {createFloor.isPending ? 'Adding…' : 'Add Floor'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
