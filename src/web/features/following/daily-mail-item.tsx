import { Mail } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { OrganizationView } from '#domain/organization.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useFollowing } from './get-following.ts';
import { useUpdateFollowing } from './update-following.ts';

/**
 * The account menu's "Mail me who's in tomorrow" switch (issue 29): the evening before a working day, who of the
 * people one follows and one's teams is in. Absent when the organization hides names.
 */
export function DailyMailItem({ organization, className }: { organization: OrganizationView; className: string }) {
  const following = useFollowing(organization.id);
  const update = useUpdateFollowing(organization.id);
  if (following.data?.namesHidden) return null;
  const checked = update.isPending ? (update.variables?.dailyMail ?? false) : (following.data?.dailyMail ?? false);
  return (
    <DropdownMenu.CheckboxItem
      className={cn(className, 'group data-[disabled]:cursor-default data-[disabled]:opacity-70')}
      checked={checked}
      disabled={!following.data || update.isPending}
      onSelect={(event) => event.preventDefault()}
      onCheckedChange={(value) =>
        update.mutate(
          { dailyMail: value === true },
          {
            onSuccess: (saved) =>
              toast({
                title: saved.dailyMail ? 'Evening mail on' : 'Evening mail off',
                description: saved.dailyMail
                  ? `The evening before a working day we mail you who you follow or work with is in at ${organization.name}.`
                  : 'You will get no mail about who is in tomorrow.',
              }),
            onError: (error) => showErrorToast(error, 'Your setting could not be saved. Please try again.'),
          },
        )
      }
    >
      <Mail className="size-4" aria-hidden="true" />
      Mail me who’s in tomorrow
      <span
        aria-hidden="true"
        className="ml-auto flex h-5 w-9 shrink-0 items-center rounded-full bg-slate-300 p-0.5 transition-colors group-data-[state=checked]:bg-brand-600"
      >
        <span className="size-4 rounded-full bg-white shadow-sm transition-transform group-data-[state=checked]:translate-x-4" />
      </span>
    </DropdownMenu.CheckboxItem>
  );
}
