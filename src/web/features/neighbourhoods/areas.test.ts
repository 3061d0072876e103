import { describe, expect, it } from 'vitest';
import {
  areaAround,
  deskBox,
  neighbourhoodAreas,
  neighbourhoodsOfMyTeams,
  type PlacedDesk,
  restrictionOf,
} from './areas.ts';

const desk = (id: string, x: number, y: number, more: Partial<PlacedDesk> = {}): PlacedDesk => ({
  id,
  positionX: String(x),
  positionY: String(y),
  width: '100',
  height: '50',
  rotation: '0',
  neighbourhoodId: 'n1',
  ...more,
});

describe('deskBox', () => {
  it.each([
    ['unturned', '0', { x: 100, y: 100, width: 100, height: 50 }],
    ['a quarter turn about its centre', '90', { x: 125, y: 75, width: 50, height: 100 }],
    ['a half turn', '180', { x: 100, y: 100, width: 100, height: 50 }],
  ])('takes the box of a desk %s', (_, rotation, box) => {
    const result = deskBox(desk('a', 100, 100, { rotation }));
    expect(result.x).toBeCloseTo(box.x);
    expect(result.y).toBeCloseTo(box.y);
    expect(result.width).toBeCloseTo(box.width);
    expect(result.height).toBeCloseTo(box.height);
  });
});

describe('areaAround', () => {
  it.each<[string, PlacedDesk[], ReturnType<typeof areaAround>]>([
    ['no desks', [], undefined],
    ['one desk, padded', [desk('a', 100, 100)], { x: 76, y: 76, width: 148, height: 98 }],
    ['two desks apart', [desk('a', 100, 100), desk('b', 400, 300)], { x: 76, y: 76, width: 448, height: 298 }],
    ['a desk in the corner, kept on the canvas', [desk('a', 0, 0)], { x: 0, y: 0, width: 124, height: 74 }],
    ['a desk at the far corner', [desk('a', 1820, 1030)], { x: 1796, y: 1006, width: 124, height: 74 }],
  ])('%s', (_, desks, area) => {
    expect(areaAround(desks)).toEqual(area);
  });
});

describe('neighbourhoodAreas', () => {
  it('draws each neighbourhood with desks, in its order, the label inside when there is no room above', () => {
    const desks = [
      desk('a', 100, 10, { neighbourhoodId: 'top' }),
      desk('b', 500, 500, { neighbourhoodId: 'low' }),
      desk('c', 900, 900, { neighbourhoodId: null }),
    ];
    const areas = neighbourhoodAreas(
      [
        { id: 'low', name: 'Low', colour: '#059669' },
        { id: 'empty', name: 'Empty', colour: '#2563eb' },
        { id: 'top', name: 'Top', colour: '#dc2626' },
      ],
      desks,
      40,
    );
    expect(areas.map((area) => [area.name, area.isLabelInside])).toEqual([
      ['Low', false],
      ['Top', true],
    ]);
  });
});

describe('restrictionOf and neighbourhoodsOfMyTeams', () => {
  const teams = [
    { id: 't1', name: 'Engineering' },
    { id: 't2', name: 'Design' },
  ];
  it('names the teams it is kept for and leaves out teams it no longer knows', () => {
    expect(restrictionOf({ name: 'Windows', teamIds: ['t2', 'gone'], weekdays: [2] }, teams)).toEqual({
      name: 'Windows',
      teams: [{ id: 't2', name: 'Design' }],
      weekdays: [2],
    });
  });
  it.each([
    [['t1'], ['Windows']],
    [['t2'], ['Windows', 'Studio']],
    [[], []],
  ])('finds the neighbourhoods of my teams %j', (mine, names) => {
    const neighbourhoods = [
      { name: 'Windows', teamIds: ['t1', 't2'] },
      { name: 'Studio', teamIds: ['t2'] },
      { name: 'Open', teamIds: [] },
    ];
    expect(neighbourhoodsOfMyTeams(neighbourhoods, mine).map((item) => item.name)).toEqual(names);
  });
});
