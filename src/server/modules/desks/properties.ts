import { matchAmenities, unknownAmenityMessage } from '#domain/amenities.ts';
import { badRequest, conflict, sqlState } from '#server/errors.ts';

// What a desk says about itself (issue 15): the checks the service makes and the audit log's account of a change.

/** The tags in the organization's spelling and order; a tag not on its list is a 400 that names it. */
export function knownAmenities(wanted: readonly string[], list: readonly string[]): string[] {
  const matched = matchAmenities(wanted, list);
  if (matched.unknown !== undefined) throw badRequest(`${unknownAmenityMessage(matched.unknown)} (amenities)`);
  return matched.amenities;
}

export const deskNameTaken = (name: string) => conflict(`A desk named ${name} is already on this floor.`);

/** A unique violation of a desk write is its name (desks_floor_name_key, migration 0014); anything else stays as it is. */
export function nameTakenOr(error: unknown, name: string | undefined): unknown {
  if (name !== undefined && sqlState(error) === '23505') return deskNameTaken(name);
  return error;
}

interface DeskProperties {
  name: string;
  description: string | null;
  amenities: string[];
  bookable: boolean;
  unavailableReason: string | null;
}

/** What the audit log keeps of one desk's property change: each changed property, from and to. Null: none changed. */
export function propertyChanges(before: DeskProperties, after: DeskProperties): Record<string, unknown> | null {
  const changes: Record<string, unknown> = {};
  if (before.name !== after.name) changes.name = { from: before.name, to: after.name };
  if (before.description !== after.description)
    changes.description = { from: before.description, to: after.description };
  if (before.amenities.join('\n') !== after.amenities.join('\n')) {
    changes.amenities = { from: before.amenities, to: after.amenities };
  }
  if (before.bookable !== after.bookable || before.unavailableReason !== after.unavailableReason) {
    changes.bookable = { from: before.bookable, to: after.bookable, reason: after.unavailableReason };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

interface DeskPlacement {
  positionX: string;
  positionY: string;
  rotation: number;
}

const placementOf = (desk: DeskPlacement) => ({
  x: Number(desk.positionX),
  y: Number(desk.positionY),
  rotation: desk.rotation,
});

/** Where a desk was and is now, when it moved or turned (the audit log's desk.moved). Null: it stayed put. */
export function placementChange(
  before: DeskPlacement,
  after: DeskPlacement,
): { from: ReturnType<typeof placementOf>; to: ReturnType<typeof placementOf> } | null {
  const from = placementOf(before);
  const to = placementOf(after);
  return from.x === to.x && from.y === to.y && from.rotation === to.rotation ? null : { from, to };
}
