import { showErrorToast } from '#web/app/error-toast.ts';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useCreateFloor } from './create-floor.ts';
import { FloorNameForm } from './floor-name-form.tsx';
import type { Floor } from './list-floors.ts';

/**
 * Add New Floor: a name as FloorNameForm asks it; the form starts empty each time the dialog opens. The floor goes
 * to `siteId`, the site shown (the organization's first when not given).
 */
export function AddFloorDialog({
  organizationId,
  siteId,
  open,
  onOpenChange,
  onCreated,
}: {
  organizationId: string;
  siteId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (floor: Floor) => void;
}) {
  const createFloor = useCreateFloor(organizationId, siteId);
  const close = () => onOpenChange(false);
  const add = (name: string) =>
    createFloor.mutate(name, {
      onSuccess: (floor) => {
        toast({ title: 'Floor added', description: `${floor.name} is ready for desks.` });
        onCreated(floor);
        close();
      },
      onError: (error) => showErrorToast(error, 'Failed to add floor'),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add New Floor" description="Give the floor a name, such as Ground Floor or Level 2.">
        <FloorNameForm
          id="floor-name"
          defaultName=""
          placeholder="e.g. Level 2"
          submitLabel="Add Floor"
          pendingLabel="Adding…"
          isPending={createFloor.isPending}
          onSubmit={add}
          onCancel={close}
        />
      </DialogContent>
    </Dialog>
  );
}
