import { type BookingRules, defaultBookingRules } from './booking-rules.ts';

// An admin's first run (issue 27): an empty dashboard once said only 'No floor plan uploaded', and the way on was a
// switch called Edit Mode. A short checklist names the four things a new organization needs, each ticked from the
// organization's own data, and goes away when they are done or the admin hides it. Members never see it.

export type FirstRunStepId = 'upload-plan' | 'place-desks' | 'invite-team' | 'set-rules';

// Named apart from the controls they lead to (the sidebar's Booking rules, the toolbar's Upload Floor Plan), so that
// each button on the screen has a name of its own.
export const firstRunStepLabels: Record<FirstRunStepId, string> = {
  'upload-plan': 'Upload the plan',
  'place-desks': 'Place desks',
  'invite-team': 'Invite the team',
  'set-rules': 'Set the rules',
};

/** What the organization's data says; a blocker is the spec's sentence for why the step cannot be taken now. */
export interface FirstRunFacts {
  isAdmin: boolean;
  hasFloorPlan: boolean;
  hasDesks: boolean;
  /** Someone besides the admin: another member, or an invitation waiting. */
  hasTeam: boolean;
  /** The rules differ from the defaults, or the admin saved them as they are (nothing on the server says so). */
  hasSetRules: boolean;
  /** 'Subscribe to edit floor plans' when the subscription does not allow editing; null when it does. */
  editBlocker: string | null;
  /** 'Subscribe to invite users' or 'Upgrade your plan to invite more users'; null when inviting is open. */
  inviteBlocker: string | null;
  /** The admin chose Hide checklist. */
  isHidden: boolean;
}

export interface FirstRunStep {
  id: FirstRunStepId;
  label: string;
  isDone: boolean;
  /** Why the step cannot be taken now; a done step has none. */
  blocker: string | null;
}

export interface FirstRunChecklist {
  steps: FirstRunStep[];
  doneCount: number;
  /** Shown to an admin until every step is done or they hide it. */
  isShown: boolean;
}

export function firstRunChecklist(facts: FirstRunFacts): FirstRunChecklist {
  const step = (id: FirstRunStepId, isDone: boolean, blocker: string | null): FirstRunStep => ({
    id,
    label: firstRunStepLabels[id],
    isDone,
    blocker: isDone ? null : blocker,
  });
  const steps = [
    step('upload-plan', facts.hasFloorPlan, facts.editBlocker),
    step('place-desks', facts.hasDesks, facts.editBlocker),
    step('invite-team', facts.hasTeam, facts.inviteBlocker),
    step('set-rules', facts.hasSetRules, null),
  ];
  const doneCount = steps.filter((item) => item.isDone).length;
  return { steps, doneCount, isShown: facts.isAdmin && !facts.isHidden && doneCount < steps.length };
}

/** Whether any rule differs from what a new organization starts with. */
export function hasChangedRules(rules: BookingRules): boolean {
  return (Object.keys(defaultBookingRules) as (keyof BookingRules)[]).some(
    (name) => rules[name] !== defaultBookingRules[name],
  );
}

/** A plan image on any floor (or the organization's own, from before floors had theirs). */
export function hasAnyFloorPlan(
  organizationPlanUrl: string | null | undefined,
  floors: readonly { floorPlanUrl?: string | null }[],
): boolean {
  return Boolean(organizationPlanUrl) || floors.some((floor) => Boolean(floor.floorPlanUrl));
}

/** Another member than the admin, or a pending invitation. */
export function hasTeamBeyond(
  adminId: string,
  members: readonly { userId: string }[],
  pendingInvitations: readonly unknown[],
): boolean {
  return pendingInvitations.length > 0 || members.some((member) => member.userId !== adminId);
}
