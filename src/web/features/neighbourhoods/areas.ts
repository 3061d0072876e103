import { canvasSize } from '#domain/floor-plan.ts';
import type { NeighbourhoodRestriction } from '#domain/neighbourhoods.ts';

// The map's tinted areas (issue 29): each neighbourhood drawn as the box around its desks, padded, in canvas units
// (the 1920 x 1080 plan), with its name on a label above it (inside it when there is no room above).

/** What the geometry needs of a desk: its placement as the API gives it (numeric strings). */
export interface PlacedDesk {
  id: string;
  positionX: string;
  positionY: string;
  width: string;
  height: string;
  rotation: string;
  neighbourhoodId: string | null;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Room around the desks, in canvas units: the tint shows around the tiles rather than only under them. */
export const areaPadding = 24;

/** The box a desk takes on the plan, turned about its centre as its tile is. */
export function deskBox(desk: Pick<PlacedDesk, 'positionX' | 'positionY' | 'width' | 'height' | 'rotation'>): Box {
  const x = Number(desk.positionX) || 0;
  const y = Number(desk.positionY) || 0;
  const width = Number(desk.width) || 1;
  const height = Number(desk.height) || 1;
  const radians = ((Number(desk.rotation) || 0) * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const turnedWidth = width * cos + height * sin;
  const turnedHeight = width * sin + height * cos;
  const centreX = x + width / 2;
  const centreY = y + height / 2;
  return { x: centreX - turnedWidth / 2, y: centreY - turnedHeight / 2, width: turnedWidth, height: turnedHeight };
}

/** The padded box around the desks, kept on the canvas; undefined for none. */
export function areaAround(desks: readonly PlacedDesk[], padding = areaPadding): Box | undefined {
  if (desks.length === 0) return undefined;
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const desk of desks) {
    const box = deskBox(desk);
    left = Math.min(left, box.x);
    top = Math.min(top, box.y);
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
  }
  const x = Math.max(0, left - padding);
  const y = Math.max(0, top - padding);
  return {
    x,
    y,
    width: Math.min(canvasSize.width, right + padding) - x,
    height: Math.min(canvasSize.height, bottom + padding) - y,
  };
}

export interface NeighbourhoodArea extends Box {
  id: string;
  name: string;
  colour: string;
  /** The label sits above the box, or inside its top when the box touches the plan's top edge. */
  isLabelInside: boolean;
}

/**
 * Each neighbourhood with desks on the map as its area, in the neighbourhoods' order. The desks say which neighbourhood
 * they are in (the floor's desk read is the fresher of the two reads). `labelHeight` is the label's height in canvas
 * units at the current scale.
 */
export function neighbourhoodAreas(
  neighbourhoods: ReadonlyArray<{ id: string; name: string; colour: string }>,
  desks: readonly PlacedDesk[],
  labelHeight: number,
): NeighbourhoodArea[] {
  const byNeighbourhood = new Map<string, PlacedDesk[]>();
  for (const desk of desks) {
    if (!desk.neighbourhoodId) continue;
    const list = byNeighbourhood.get(desk.neighbourhoodId) ?? [];
    list.push(desk);
    byNeighbourhood.set(desk.neighbourhoodId, list);
  }
  return neighbourhoods.flatMap((neighbourhood) => {
    const box = areaAround(byNeighbourhood.get(neighbourhood.id) ?? []);
    if (!box) return [];
    return [{ ...neighbourhood, ...box, isLabelInside: box.y < labelHeight }];
  });
}

/** What judging needs of a neighbourhood: its name, its teams with their names (unknown ones left out), its days. */
export function restrictionOf(
  neighbourhood: { name: string; teamIds: readonly string[]; weekdays: readonly number[] },
  teams: ReadonlyArray<{ id: string; name: string }>,
): NeighbourhoodRestriction {
  const names = new Map(teams.map((team) => [team.id, team.name]));
  return {
    name: neighbourhood.name,
    teams: neighbourhood.teamIds.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    weekdays: neighbourhood.weekdays,
  };
}

/** The neighbourhoods kept for one of my teams: what "My team's neighbourhood" shows. */
export function neighbourhoodsOfMyTeams<N extends { teamIds: readonly string[] }>(
  neighbourhoods: readonly N[],
  myTeamIds: readonly string[],
): N[] {
  return neighbourhoods.filter((neighbourhood) => neighbourhood.teamIds.some((id) => myTeamIds.includes(id)));
}
