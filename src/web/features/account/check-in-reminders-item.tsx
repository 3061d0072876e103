import { BellRing } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { showErrorToast } from '#web/app/error-toast.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { usePreferences } from './get-preferences.ts';
import { useUpdatePreferences } from './update-preferences.ts';

/**
 * The account menu's "Check-in reminders" switch (issue 16): saved as soon as it is flipped, with a toast, and the
 * menu stays open. Its settings are read when the menu opens (the menu's content mounts then).
 */
export function CheckInRemindersItem({ className }: { className: string }) {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const checked = update.isPending
    ? (update.variables?.checkInReminders ?? false)
    : (preferences.data?.checkInReminders ?? false);

  const change = (checkInReminders: boolean) =>
    update.mutate(
      { checkInReminders },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.checkInReminders ? 'Check-in reminders on' : 'Check-in reminders off',
            description: saved.checkInReminders
              ? 'We will mail you before check-in opens on days you have a booking.'
              : 'You will get no check-in reminder mails.',
          }),
        onError: (error) => showErrorToast(error, 'Your setting could not be saved. Please try again.'),
      },
    );

  return (
    <DropdownMenu.CheckboxItem
      className={cn(className, 'group data-[disabled]:cursor-default data-[disabled]:opacity-70')}
      checked={checked}
      disabled={!preferences.data || update.isPending}
      onSelect={(event) => event.preventDefault()}
      onCheckedChange={(value) => change(value === true)}
    >
      <BellRing className="size-4" aria-hidden="true" />
      Check-in reminders
      <span
        aria-hidden="true"
        className="ml-auto flex h-5 w-9 shrink-0 items-center rounded-full bg-slate-300 p-0.5 transition-colors group-data-[state=checked]:bg-brand-600"
      >
        <span className="size-4 rounded-full bg-white shadow-sm transition-transform group-data-[state=checked]:translate-x-4" />
      </span>
    </DropdownMenu.CheckboxItem>
  );
}
