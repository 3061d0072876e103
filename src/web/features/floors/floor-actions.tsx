import { Pencil, Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { floorDeletionQuestion } from '#domain/floor-plan.ts';
import { errorMessage } from '#web/app/api.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { QuestionDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { PrintDeskCodesLink } from '../desk-codes/index.ts';
import { useDeleteFloor } from './delete-floor.ts';
import { FloorNameForm } from './floor-name-form.tsx';
import { useFloorDeletionConsequences } from './get-floor-deletion-consequences.ts';
import type { Floor } from './list-floors.ts';
import { useRenameFloor } from './rename-floor.ts';

/** Rename floor: the name as Add New Floor asks it (FloorNameForm); an unchanged name just closes. */
function RenameFloorDialog({ floor, onClose }: { floor: Floor; onClose: () => void }) {
  const rename = useRenameFloor(floor.organizationId);
  const submit = (newName: string) => {
    if (newName === floor.name) return onClose();
    rename.mutate(
      { floorId: floor.id, name: newName },
      {
        onSuccess: (renamed) => {
          toast({ title: 'Floor renamed', description: `${floor.name} is now ${renamed.name}.` });
          onClose();
        },
        onError: (error) => showErrorToast(error, 'Failed to rename floor'),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Rename ${floor.name}`} description="Everyone sees the new name at once.">
        <FloorNameForm
          id="rename-floor-name"
          defaultName={floor.name}
          submitLabel="Rename"
          pendingLabel="Renaming…"
          isPending={rename.isPending}
          onSubmit={submit}
          onCancel={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Delete floor: asks with the number of desks and upcoming bookings that go, read when it opens. */
function DeleteFloorDialog({ floor, onClose }: { floor: Floor; onClose: () => void }) {
  const consequences = useFloorDeletionConsequences(floor.id, true);
  const remove = useDeleteFloor(floor.organizationId);
  const question = consequences.data
    ? floorDeletionQuestion(consequences.data)
    : consequences.isError
      ? errorMessage(consequences.error, 'What this floor holds could not be read. Please try again.')
      : 'Counting its desks and upcoming bookings…';
  const confirm = () =>
    remove.mutate(floor.id, {
      onSuccess: (answer) => {
        toast({
          title: 'Floor deleted',
          description:
            answer.cancelledBookings > 0
              ? `${answer.message} ${answer.cancelledBookings === 1 ? '1 upcoming booking was cancelled; its owner is told by e-mail.' : `${answer.cancelledBookings} upcoming bookings were cancelled; their owners are told by e-mail.`}`
              : answer.message,
        });
        onClose();
      },
      onError: (error) => showErrorToast(error, 'Failed to delete floor'),
    });
  return (
    <QuestionDialog
      title={`Delete ${floor.name}?`}
      description={question}
      isDescriptionLive
      open
      onOpenChange={(open) => !open && onClose()}
    >
      <AlertDialog.Cancel asChild>
        <Button variant="secondary">Keep floor</Button>
      </AlertDialog.Cancel>
      <Button
        variant="destructive"
        disabled={!consequences.data || remove.isPending}
        onClick={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        {remove.isPending ? 'Deleting…' : 'Delete floor'}
      </Button>
    </QuestionDialog>
  );
}

/**
 * Rename and Delete for the chosen floor, beside the floor picker; for admins who may edit floor plans. Print desk
 * QR codes opens the floor's sheet of codes (issue 16).
 */
export function FloorActions({ floor }: { floor: Floor }) {
  const [open, setOpen] = useState<'rename' | 'delete' | null>(null);
  const close = () => setOpen(null);
  const action =
    'inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-xs font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      <button
        type="button"
        className={`${action} text-slate-700`}
        aria-label={`Rename floor ${floor.name}`}
        onClick={() => setOpen('rename')}
      >
        <Pencil className="size-3.5" aria-hidden="true" />
        Rename
      </button>
      <button
        type="button"
        className={`${action} text-red-700 hover:bg-red-50`}
        aria-label={`Delete floor ${floor.name}`}
        onClick={() => setOpen('delete')}
      >
        <Trash2 className="size-3.5" aria-hidden="true" />
        Delete
      </button>
      <PrintDeskCodesLink floorId={floor.id} floorName={floor.name} className={`${action} text-slate-700`} />
      {open === 'rename' && <RenameFloorDialog floor={floor} onClose={close} />}
      {open === 'delete' && <DeleteFloorDialog floor={floor} onClose={close} />}
    </div>
  );
}
