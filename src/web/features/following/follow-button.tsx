import { Star } from 'lucide-react';
import { showErrorToast } from '#web/app/error-toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFollowing } from './get-following.ts';
import { useUpdateFollowing } from './update-following.ts';

/** Follow / Following beside a colleague in Who's in: followed people come first there and in the week. */
export function FollowButton({
  organizationId,
  userId,
  name,
}: {
  organizationId: string;
  userId: string;
  name: string;
}) {
  const following = useFollowing(organizationId);
  const update = useUpdateFollowing(organizationId);
  const ids = following.data?.userIds ?? [];
  const isFollowed = ids.includes(userId);
  const toggle = () =>
    update.mutate(
      { userIds: isFollowed ? ids.filter((id) => id !== userId) : [...ids, userId] },
      { onError: (error) => showErrorToast(error, `${name} could not be followed. Please try again.`) },
    );
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-pressed={isFollowed}
      aria-label={`Follow ${name}`}
      disabled={!following.data || update.isPending}
      onClick={toggle}
    >
      <Star className={cn('size-4', isFollowed && 'fill-amber-400 text-amber-500')} aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{isFollowed ? 'Following' : 'Follow'}</span>
    </Button>
  );
}
