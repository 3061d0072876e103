import { describe, expect, it } from 'vitest';
import { planToAnnounce, type ShownPlan } from './use-plan-loaded-toast.ts';

const floor1: ShownPlan = { floorId: 'f1', planUrl: '/api/objects/plan-1' };

describe("when 'Floor Plan Loaded' is shown", () => {
  it.each<[string, ShownPlan | null, ShownPlan, string | null | undefined]>([
    ['not for the plan a visit opens with', null, floor1, undefined],
    ['not when the same plan is shown again', floor1, { ...floor1 }, undefined],
    [
      'for the new plan of the same floor (an upload)',
      floor1,
      { floorId: 'f1', planUrl: '/api/objects/plan-2' },
      '/api/objects/plan-2',
    ],
    ['for the first plan uploaded to a floor', { floorId: 'f1', planUrl: null }, floor1, '/api/objects/plan-1'],
    [
      'for the plan of the floor switched to',
      floor1,
      { floorId: 'f2', planUrl: '/api/objects/plan-9' },
      '/api/objects/plan-9',
    ],
    [
      'for a floor switched to that shares the plan',
      floor1,
      { floorId: 'f2', planUrl: floor1.planUrl },
      '/api/objects/plan-1',
    ],
    ['for nothing on a floor switched to without a plan', floor1, { floorId: 'f2', planUrl: null }, null],
  ])('%s', (_, previous, current, expected) => {
    expect(planToAnnounce(previous, current)).toBe(expected);
  });
});
