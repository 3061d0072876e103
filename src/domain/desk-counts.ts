// How many desks each floor holds, in words: Delete all desks removes every floor's desks, not only the floor on
// screen, so its confirmation names them all before anyone confirms (issue 27).

export interface FloorDeskCount {
  floorName: string;
  desks: number;
}

/** "1 desk", "3 desks". */
export function deskCountLabel(count: number): string {
  return count === 1 ? '1 desk' : `${count} desks`;
}

/** Every floor in the order given, with its desks counted; a desk of a floor not in the list is not dropped. */
export function countDesksByFloor(
  floors: readonly { id: string; name: string }[],
  desks: readonly { floorId: string; floor?: { name: string } }[],
): FloorDeskCount[] {
  const counts = new Map<string, FloorDeskCount>(
    floors.map((floor) => [floor.id, { floorName: floor.name, desks: 0 }]),
  );
  for (const desk of desks) {
    const count = counts.get(desk.floorId);
    if (count) count.desks += 1;
    else counts.set(desk.floorId, { floorName: desk.floor?.name ?? 'Another floor', desks: 1 });
  }
  return [...counts.values()];
}

/**
 * The Delete all desks confirmation: every floor and its desks, the total, and that the bookings go too. With no
 * desks anywhere it says so (confirming still asks the server, which answers the spec's 'No Desks').
 */
export function deleteAllDesksConfirmation(organizationName: string, counts: readonly FloorDeskCount[]): string {
  const total = counts.reduce((sum, count) => sum + count.desks, 0);
  if (total === 0) return `There are no desks on any floor of ${organizationName}.`;
  const perFloor = counts.map((count) => `${count.floorName}: ${deskCountLabel(count.desks)}`).join(', ');
  return (
    `Are you sure you want to delete every desk on every floor of ${organizationName}, not only this one? ` +
    `${perFloor} (${deskCountLabel(total)} in all). Their bookings will be removed too.`
  );
}
