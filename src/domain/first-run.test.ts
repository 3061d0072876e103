import { describe, expect, it } from 'vitest';
import { defaultBookingRules } from './booking-rules.ts';
import { type FirstRunFacts, firstRunChecklist, hasAnyFloorPlan, hasChangedRules, hasTeamBeyond } from './first-run.ts';

const newOrganization: FirstRunFacts = {
  isAdmin: true,
  hasFloorPlan: false,
  hasDesks: false,
  hasTeam: false,
  hasSetRules: false,
  editBlocker: null,
  inviteBlocker: null,
  isHidden: false,
};
const allDone = { hasFloorPlan: true, hasDesks: true, hasTeam: true, hasSetRules: true };
const subscribeToEdit = 'Subscribe to edit floor plans';
const subscribeToInvite = 'Subscribe to invite users';

describe('firstRunChecklist', () => {
  it.each<[string, Partial<FirstRunFacts>, boolean, boolean[], number]>([
    ['a new organization shows its admin four steps, none done', {}, true, [false, false, false, false], 0],
    ['a plan uploaded ticks the first step', { hasFloorPlan: true }, true, [true, false, false, false], 1],
    [
      'desks and a team tick theirs, in any order',
      { hasDesks: true, hasTeam: true },
      true,
      [false, true, true, false],
      2,
    ],
    ['rules set tick the last step', { hasSetRules: true }, true, [false, false, false, true], 1],
    ['everything done: the checklist goes', allDone, false, [true, true, true, true], 4],
    ['hidden by the admin: it goes with steps left', { isHidden: true }, false, [false, false, false, false], 0],
    ['a member never sees it', { isAdmin: false }, false, [false, false, false, false], 0],
  ])('%s', (_case, facts, isShown, done, doneCount) => {
    const checklist = firstRunChecklist({ ...newOrganization, ...facts });
    expect(checklist.isShown).toBe(isShown);
    expect(checklist.steps.map((step) => step.isDone)).toEqual(done);
    expect(checklist.doneCount).toBe(doneCount);
  });

  it('names the steps in the order they are taken', () => {
    expect(firstRunChecklist(newOrganization).steps.map((step) => [step.id, step.label])).toEqual([
      ['upload-plan', 'Upload the plan'],
      ['place-desks', 'Place desks'],
      ['invite-team', 'Invite the team'],
      ['set-rules', 'Set the rules'],
    ]);
  });

  it.each<[string, Partial<FirstRunFacts>, (string | null)[]]>([
    ['an enabled subscription blocks nothing', {}, [null, null, null, null]],
    [
      'without a subscription the plan and desk steps say Subscribe to edit floor plans, inviting its own sentence',
      { editBlocker: subscribeToEdit, inviteBlocker: subscribeToInvite },
      [subscribeToEdit, subscribeToEdit, subscribeToInvite, null],
    ],
    [
      'a step already done needs no subscription',
      { editBlocker: subscribeToEdit, inviteBlocker: subscribeToInvite, hasFloorPlan: true, hasTeam: true },
      [null, subscribeToEdit, null, null],
    ],
  ])('%s', (_case, facts, blockers) => {
    expect(firstRunChecklist({ ...newOrganization, ...facts }).steps.map((step) => step.blocker)).toEqual(blockers);
  });
});

describe('hasChangedRules', () => {
  it.each<[string, Partial<typeof defaultBookingRules>, boolean]>([
    ['the defaults are not a change', {}, false],
    ['a shorter advance window is', { maxDaysAhead: 14 }, true],
    ['a weekly quota is', { maxBookingsPerWeek: 3 }, true],
    ['check-in required is', { checkInRequired: true }, true],
    ['admins not exempt is', { adminsExempt: false }, true],
  ])('%s', (_case, change, changed) => {
    expect(hasChangedRules({ ...defaultBookingRules, ...change })).toBe(changed);
  });
});

describe('hasAnyFloorPlan', () => {
  it.each<[string, string | null, { floorPlanUrl: string | null }[], boolean]>([
    ['no floor has a plan', null, [{ floorPlanUrl: null }, { floorPlanUrl: null }], false],
    ['no floors at all', null, [], false],
    ['the second floor has one', null, [{ floorPlanUrl: null }, { floorPlanUrl: '/plans/2.png' }], true],
    ['the organization has one of its own', '/plans/org.png', [{ floorPlanUrl: null }], true],
  ])('%s', (_case, organizationPlan, floors, has) => {
    expect(hasAnyFloorPlan(organizationPlan, floors)).toBe(has);
  });
});

describe('hasTeamBeyond', () => {
  it.each<[string, { userId: string }[], unknown[], boolean]>([
    ['the admin alone', [{ userId: 'admin' }], [], false],
    ['another member', [{ userId: 'admin' }, { userId: 'mia' }], [], true],
    ['an invitation waiting', [{ userId: 'admin' }], [{ email: 'sam@example.com' }], true],
    ['members not loaded yet, nobody invited', [], [], false],
  ])('%s', (_case, members, invitations, has) => {
    expect(hasTeamBeyond('admin', members, invitations)).toBe(has);
  });
});
