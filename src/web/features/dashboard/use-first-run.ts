import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type FirstRunChecklist,
  firstRunChecklist,
  hasAnyFloorPlan,
  hasChangedRules,
  hasTeamBeyond,
} from '#domain/first-run.ts';
import { floorPlanMessages } from '#domain/floor-plan.ts';
import { isSubscriptionEnabled } from '#domain/subscription.ts';
import { inviteBlocker } from '#domain/team.ts';
import { useBookingRules } from '../booking-rules/index.ts';
import { organizationDesksQuery } from '../desks/index.ts';
import { useFloors } from '../floors/index.ts';
import type { Organization } from '../organizations/index.ts';
import { invitationsQuery, membersQuery } from '../team/index.ts';
import { setFirstRunMark, useFirstRunMark } from './first-run-memory.ts';

/**
 * The first-run checklist of an admin, from the organization's data in the query cache: each step ticks as soon as
 * an upload, a desk, an invitation or the rules land there (live updates included). Null while it does not show:
 * a member, hidden, or done once (not read again on every visit after); 'loading' while its reads are on the way
 * (its place is kept, so the page does not move down when it arrives: issue 34).
 */
export function useFirstRun(organization: Organization, userId: string): FirstRunChecklist | 'loading' | null {
  const isAdmin = organization.role === 'admin';
  const isHidden = useFirstRunMark(userId, organization.id, 'hidden');
  const isCompleted = useFirstRunMark(userId, organization.id, 'completed');
  const hasSavedRules = useFirstRunMark(userId, organization.id, 'rules-saved');
  const wanted = isAdmin && !isHidden && !isCompleted;
  const floors = useFloors(organization.id);
  const desks = useQuery({ ...organizationDesksQuery(organization.id), enabled: wanted });
  const members = useQuery({ ...membersQuery(organization.id), enabled: wanted });
  const invitations = useQuery({ ...invitationsQuery(organization.id), enabled: wanted });
  const rules = useBookingRules(organization.id, wanted);

  const checklist =
    wanted && floors.data && desks.data && members.data && invitations.data && rules.data
      ? firstRunChecklist({
          isAdmin,
          hasFloorPlan: hasAnyFloorPlan(organization.floorPlanUrl, floors.data),
          hasDesks: desks.data.length > 0,
          hasTeam: hasTeamBeyond(userId, members.data, invitations.data),
          hasSetRules: hasSavedRules || hasChangedRules(rules.data),
          editBlocker: isSubscriptionEnabled(organization.subscription, new Date())
            ? null
            : floorPlanMessages.subscribeToEdit,
          inviteBlocker: inviteBlocker(organization.subscription, members.data.length, new Date()),
          isHidden,
        })
      : null;
  const isDone = checklist !== null && checklist.doneCount === checklist.steps.length;
  useEffect(() => {
    if (isDone) setFirstRunMark(userId, organization.id, 'completed');
  }, [isDone, userId, organization.id]);
  if (wanted && checklist === null && [floors, desks, members, invitations, rules].some((query) => query.isPending)) {
    return 'loading';
  }
  return checklist?.isShown ? checklist : null;
}
