import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type DeskChange, floorPlanMessages, newDeskDefaults } from '#domain/floor-plan.ts';
import { showErrorToast } from '#web/app/error-toast.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import {
  addToCache,
  type Desk,
  floorDesksKey,
  organizationDesksKey,
  removeFromCache,
  useCreateDesk,
  useDeleteAllDesks,
  useDeleteDesks,
  useUpdateDesks,
} from '#web/features/desks/index.ts';
import { refreshFloorPlanCaches } from '#web/features/floors/index.ts';
import { toDeskRect } from '../desk-rect.ts';
import { changedPlacements, type DeskPlacement, type DeskRect, type Point, toPlacement } from '../engine/geometry.ts';
import { emptyHistory, type History, pushHistory, undoHistory, withoutEntry } from '../engine/history.ts';
import { pickNewDeskName, placeNewDesk } from '../engine/placement.ts';
import { writePlacements } from './write-placements.ts';

export type ChangeKind = 'move' | 'rotate';

const fallbacks: Record<ChangeKind, string> = {
  move: 'Failed to update desk position',
  rotate: 'Failed to rotate desk',
};

/** What PUT /api/desks/{id} must carry to go from one placement to another. */
function changeBetween(before: DeskPlacement | undefined, after: DeskPlacement): DeskChange {
  const moved = !before || before.x !== after.x || before.y !== after.y;
  const turned = !before || before.rotation !== after.rotation;
  if (moved && turned) {
    return { positionX: String(after.x), positionY: String(after.y), rotation: String(after.rotation) };
  }
  if (moved) return { positionX: String(after.x), positionY: String(after.y) };
  return { rotation: String(after.rotation) };
}

/**
 * The editor's changes to desks: each is shown at once (optimistic), saved, rolled back with
 * the spec's message if saving fails, and followed by a refresh of the floor-plan caches.
 */
export function useDeskCommands({ organizationId, floorId }: { organizationId: string; floorId: string }) {
  const queryClient = useQueryClient();
  const updateDesks = useUpdateDesks(floorId);
  const createDesk = useCreateDesk(organizationId);
  const deleteDesks = useDeleteDesks(floorId);
  const deleteAllDesks = useDeleteAllDesks(organizationId);
  const [history, setHistoryState] = useState<History>(emptyHistory);
  const historyRef = useRef<History>(emptyHistory);
  const pendingNames = useRef(new Set<string>());
  // Saves run one after another: two quick changes to one desk must reach the server in order.
  const saveQueue = useRef<Promise<unknown>>(Promise.resolve());
  const queuedSaves = useRef(0);

  const setHistory = (update: (history: History) => History) => {
    historyRef.current = update(historyRef.current);
    setHistoryState(historyRef.current);
  };

  const currentDesks = () => queryClient.getQueryData<Desk[]>(floorDesksKey(floorId)) ?? [];

  /** The latest geometry of some desks, optimistic changes included. */
  const rectsOf = (ids: Iterable<string>): DeskRect[] => {
    const wanted = new Set(ids);
    return currentDesks()
      .filter((desk) => wanted.has(desk.id))
      .map(toDeskRect);
  };

  const settle = () => {
    if (queuedSaves.current > 0 || queryClient.isMutating({ mutationKey: ['desks'] }) > 0) return;
    void refreshFloorPlanCaches(queryClient);
  };

  /** Shows new placements, records the old ones for undo, saves, and rolls back on failure. */
  const commitPlacements = async (
    action: string,
    before: readonly DeskPlacement[],
    after: readonly DeskPlacement[],
    kind: ChangeKind,
    options: { record?: boolean } = {},
  ): Promise<boolean> => {
    const previous = new Map(before.map((placement) => [placement.id, placement]));
    const changed = changedPlacements(before, after);
    if (changed.length === 0) return true;
    const undone = before.filter((placement) => changed.some((item) => item.id === placement.id));
    void queryClient.cancelQueries({ queryKey: floorDesksKey(floorId) });
    writePlacements(queryClient, floorId, changed);
    const entry = options.record === false ? null : { action, desks: undone, timestamp: Date.now() };
    if (entry) setHistory((items) => pushHistory(items, entry));
    const changes = changed.map((placement) => ({
      deskId: placement.id,
      change: changeBetween(previous.get(placement.id), placement),
    }));
    queuedSaves.current += 1;
    const save = saveQueue.current.then(() => updateDesks.mutateAsync(changes));
    saveQueue.current = save.catch(() => undefined);
    try {
      await save;
      return true;
    } catch (error) {
      writePlacements(queryClient, floorId, undone);
      if (entry) setHistory((items) => withoutEntry(items, entry));
      showErrorToast(error, fallbacks[kind]);
      return false;
    } finally {
      queuedSaves.current -= 1;
      settle();
    }
  };

  /** Shows placements without saving them yet (keyboard moves, saved once the keys pause). */
  const showPlacements = (placements: readonly DeskPlacement[]) => {
    void queryClient.cancelQueries({ queryKey: floorDesksKey(floorId) });
    writePlacements(queryClient, floorId, placements);
  };

  /** Runs a pure geometry function over some desks and saves what it changed. */
  const applyToDesks = (
    action: string,
    ids: Iterable<string>,
    transform: (rects: DeskRect[]) => DeskRect[],
    kind: ChangeKind = 'move',
  ) => {
    const rects = rectsOf(ids);
    if (rects.length === 0) return Promise.resolve(true);
    return commitPlacements(action, rects.map(toPlacement), transform(rects).map(toPlacement), kind);
  };

  const undo = async () => {
    const desksNow = new Map(currentDesks().map((desk) => [desk.id, toDeskRect(desk)]));
    let result = undoHistory(historyRef.current);
    // Skip entries whose desks have all been deleted since.
    while (result && !result.entry.desks.some((placement) => desksNow.has(placement.id))) {
      result = undoHistory(result.history);
    }
    if (!result) {
      setHistory(() => emptyHistory);
      return;
    }
    const { entry } = result;
    setHistory(() => result.history);
    const target = entry.desks.filter((placement) => desksNow.has(placement.id));
    const before = target.map((placement) => toPlacement(desksNow.get(placement.id)!));
    toast({ title: 'Action undone', description: `Reverted: ${entry.action}` });
    await commitPlacements(entry.action, before, target, 'move', { record: false });
  };

  const addDeskAt = async (point: Point) => {
    if (!floorId) {
      toast({ title: 'Error', description: floorPlanMessages.selectFloorFirst, variant: 'destructive' });
      return;
    }
    const everyDesk = queryClient.getQueryData<Desk[]>(organizationDesksKey(organizationId)) ?? currentDesks();
    const names = [...everyDesk.map((desk) => desk.name), ...pendingNames.current];
    const name = pickNewDeskName(names, everyDesk.length + pendingNames.current.size);
    const position = placeNewDesk(point, currentDesks().map(toDeskRect));
    pendingNames.current.add(name);
    try {
      const desk = await createDesk.mutateAsync({
        name,
        description: newDeskDefaults.description,
        positionX: String(position.x),
        positionY: String(position.y),
        width: String(newDeskDefaults.width),
        height: String(newDeskDefaults.height),
        floorId,
      });
      addToCache(queryClient, floorId, desk);
      queryClient.setQueryData<Desk[]>(organizationDesksKey(organizationId), (desks) => desks && [...desks, desk]);
      toast({ title: 'New desk added successfully!', description: `${desk.name} is on the floor plan.` });
    } catch (error) {
      showErrorToast(error, 'Failed to add new desk');
    } finally {
      pendingNames.current.delete(name);
      settle();
    }
  };

  const deleteSelected = async (ids: readonly string[]) => {
    const snapshot = currentDesks();
    const names = snapshot.filter((desk) => ids.includes(desk.id)).map((desk) => desk.name);
    removeFromCache(queryClient, floorId, new Set(ids));
    try {
      await deleteDesks.mutateAsync(ids);
      toast({ title: 'Desk deleted successfully!', description: `Removed ${names.join(', ')}.` });
    } catch (error) {
      queryClient.setQueryData(floorDesksKey(floorId), snapshot);
      showErrorToast(error, 'Failed to delete desk');
    } finally {
      settle();
    }
  };

  const deleteAll = async () => {
    try {
      const answer = await deleteAllDesks.mutateAsync();
      if (answer.deletedCount === 0) {
        toast({ title: floorPlanMessages.noDesks, description: 'There are no desks to delete.' });
        return;
      }
      queryClient.setQueryData<Desk[]>(floorDesksKey(floorId), []);
      setHistory(() => emptyHistory);
      toast({ title: 'All desks deleted', description: answer.message });
    } catch (error) {
      showErrorToast(error, 'Failed to delete all desks');
    } finally {
      settle();
    }
  };

  return {
    history,
    rectsOf,
    showPlacements,
    commitPlacements,
    applyToDesks,
    undo,
    addDeskAt,
    deleteSelected,
    deleteAll,
    isDeletingAll: deleteAllDesks.isPending,
  };
}

export type DeskCommands = ReturnType<typeof useDeskCommands>;
