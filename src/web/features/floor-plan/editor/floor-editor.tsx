import { type RefObject, type SetStateAction, useEffect, useEffectEvent, useRef, useState } from 'react';
import { countDesksByFloor, deleteAllDesksConfirmation } from '#domain/desk-counts.ts';
import { floorPlanMessages } from '#domain/floor-plan.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { type Desk, useOrganizationDesks } from '#web/features/desks/index.ts';
import { type Floor, useFloors } from '#web/features/floors/index.ts';
import { NeighbourhoodPanel } from '#web/features/neighbourhoods/index.ts';
import type { Organization } from '#web/features/organizations/index.ts';
import {
  alignDesks,
  type DeskPlacement,
  type DeskRect,
  distributeDesks,
  moveDesks,
  type Point,
  rotateDesks,
  snapDesks,
  toPlacement,
} from '../engine/geometry.ts';
import type { EditorCommand } from '../engine/keyboard.ts';
import { desksToDrag, emptySelection, type Selection, selectDesk } from '../engine/selection.ts';
import { normaliseZoom } from '../engine/viewport.ts';
import { DeskPropertiesDialog } from './desk-properties-dialog.tsx';
import { EditorToolbar, type ToolbarActions } from './editor-toolbar.tsx';
import { UploadFloorPlanButton } from './upload-floor-plan-button.tsx';
import { useDeskCommands } from './use-desk-commands.ts';
import { useEditorKeyboard } from './use-editor-keyboard.ts';
import { usePointerEditing } from './use-pointer-editing.ts';

const nudgeSaveDelayMs = 400;

type Confirmation = { kind: 'delete'; ids: string[]; names: string[] } | { kind: 'delete-all' } | null;

const countLabel = (ids: readonly string[], names: Map<string, string>) =>
  ids.length === 1 ? `desk ${names.get(ids[0]!) ?? ''}`.trim() : `${ids.length} desks`;

/** Edit mode: the toolbar, and the pointer and keyboard handling on the canvas. Loaded on demand. */
export default function FloorEditor({
  organization,
  floor,
  desks,
  selection,
  onSelectionChange,
  zoom,
  scale,
  onZoomChange,
  viewportRef,
  surfaceRef,
}: {
  organization: Organization;
  floor: Floor;
  desks: readonly Desk[];
  selection: Selection;
  onSelectionChange: (next: SetStateAction<Selection>) => void;
  zoom: number;
  /** Canvas units to screen pixels: zoom times the fit (engine/viewport.ts). */
  scale: number;
  /** Applies a zoom; the map saves an admin's choice as the floor's default. */
  onZoomChange: (zoom: number) => void;
  viewportRef: RefObject<HTMLElement | null>;
  surfaceRef: RefObject<HTMLDivElement | null>;
}) {
  const isAdmin = organization.role === 'admin';
  const commands = useDeskCommands({ organizationId: organization.id, floorId: floor.id });
  // Every desk's name, so new desks get unique names; and every floor's count, for Delete all desks to name.
  const everyDesk = useOrganizationDesks(organization.id);
  const floors = useFloors(organization.id);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  // The desks Desk properties edits: the selection when it opened (a double-click selects its desk first).
  const [propertiesOf, setPropertiesOf] = useState<readonly string[] | null>(null);
  const nudge = useRef<{ before: DeskPlacement[]; timer: ReturnType<typeof setTimeout> } | null>(null);
  const names = new Map(desks.map((desk) => [desk.id, desk.name]));
  const selectedIds = [...selection];

  const actionName = (verb: string, ids: readonly string[]) => `${verb} ${countLabel(ids, names)}`;

  /** Keyboard moves are shown at once and saved as one action when the keys pause. */
  const flushNudge = () => {
    const pending = nudge.current;
    if (!pending) return;
    clearTimeout(pending.timer);
    nudge.current = null;
    const ids = pending.before.map((placement) => placement.id);
    const after = commands.rectsOf(ids).map(toPlacement);
    void commands.commitPlacements(actionName('Move', ids), pending.before, after, 'move');
  };
  const flushOnUnmount = useEffectEvent(flushNudge);
  useEffect(() => () => flushOnUnmount(), []);

  const moveSelectionBy = (delta: Point) => {
    const rects = commands.rectsOf(selection);
    if (rects.length === 0) return;
    const pending = nudge.current;
    // A different selection starts a new action.
    if (
      pending &&
      (pending.before.length !== selection.size || pending.before.some((item) => !selection.has(item.id)))
    ) {
      flushNudge();
    }
    const before = nudge.current?.before ?? rects.map(toPlacement);
    if (nudge.current) clearTimeout(nudge.current.timer);
    commands.showPlacements(moveDesks(rects, delta).map(toPlacement));
    nudge.current = { before, timer: setTimeout(flushNudge, nudgeSaveDelayMs) };
  };

  const arrange = (verb: string, transform: (rects: DeskRect[]) => DeskRect[], kind: 'move' | 'rotate' = 'move') => {
    flushNudge();
    void commands.applyToDesks(verb, selection, transform, kind);
  };

  const openProperties = (deskIds: readonly string[]) => {
    if (deskIds.length === 0) return;
    flushNudge();
    setPropertiesOf(deskIds);
  };
  /** A double-click or Enter on one desk: that desk alone, unless it is part of a larger selection. */
  const openPropertiesOf = (deskId: string) =>
    openProperties(selection.has(deskId) && selection.size > 1 ? selectedIds : [deskId]);

  const askToDelete = () => {
    if (selectedIds.length === 0) return;
    setConfirmation({ kind: 'delete', ids: selectedIds, names: selectedIds.map((id) => names.get(id) ?? id) });
  };

  // The canvas point in the middle of the visible part of the map, wherever the canvas sits in it.
  const addDeskAtViewCentre = () => {
    const viewport = viewportRef.current;
    const surface = surfaceRef.current;
    if (!viewport || !surface) return;
    const view = viewport.getBoundingClientRect();
    const canvas = surface.getBoundingClientRect();
    const middleY = Math.min(view.top + viewport.clientHeight / 2, (view.top + window.innerHeight) / 2);
    void commands.addDeskAt({
      x: Math.round((view.left + viewport.clientWidth / 2 - canvas.left) / scale),
      y: Math.round((middleY - canvas.top) / scale),
    });
  };

  const changeZoom = (value: number) => onZoomChange(normaliseZoom(value));

  const rotate = (degrees: number) =>
    arrange(actionName('Rotate', selectedIds), (rects) => rotateDesks(rects, degrees), 'rotate');

  const actions: ToolbarActions = {
    onAddDesk: addDeskAtViewCentre,
    onZoom: changeZoom,
    onAlign: (alignment) => arrange(`Align ${alignment}`, (rects) => alignDesks(rects, alignment)),
    onDistribute: (axis) => arrange(`Distribute ${axis}ly`, (rects) => distributeDesks(rects, axis)),
    onSnap: () => arrange(actionName('Snap', selectedIds), (rects) => snapDesks(rects)),
    onRotate: rotate,
    onUndo: () => {
      flushNudge();
      void commands.undo();
    },
    onClearSelection: () => onSelectionChange(emptySelection),
    onOpenProperties: () => openProperties(selectedIds),
    onDeleteSelected: askToDelete,
    onDeleteAll: () => {
      // The counts it names must be today's: another admin may have added a floor or desks since they were read.
      void everyDesk.refetch();
      void floors.refetch();
      setConfirmation({ kind: 'delete-all' });
    },
  };

  const runCommand = (command: EditorCommand) => {
    switch (command.type) {
      case 'undo':
        return actions.onUndo();
      case 'nudge':
        return moveSelectionBy(command.delta);
      case 'rotate':
        return rotate(command.degrees);
      case 'delete':
        return askToDelete();
      case 'clear-selection':
        return onSelectionChange(emptySelection);
    }
  };

  usePointerEditing({
    surfaceRef,
    scale,
    onDragStart: (deskId) => {
      flushNudge();
      const ids = desksToDrag(selection, deskId);
      if (!selection.has(deskId)) onSelectionChange(new Set(ids));
      return commands.rectsOf(ids);
    },
    onDragCommit: (rects, delta) => {
      const after = moveDesks(rects, delta).map(toPlacement);
      const ids = rects.map((rect) => rect.id);
      void commands.commitPlacements(actionName('Move', ids), rects.map(toPlacement), after, 'move');
    },
    onClickDesk: (deskId, isToggle) => onSelectionChange((current) => selectDesk(current, deskId, isToggle)),
    onClickCanvas: (point) => void commands.addDeskAt(point),
  });

  useEditorKeyboard({
    canvasRef: viewportRef,
    toolbarRef,
    hasSelection: selection.size > 0,
    onCommand: runCommand,
    onActivateDesk: (deskId, isToggle) => onSelectionChange((current) => selectDesk(current, deskId, isToggle)),
    onOpenProperties: openPropertiesOf,
  });

  // A double-click on a desk opens its properties (its two clicks have already selected it). The surface captures
  // the pointer on a desk (use-pointer-editing.ts), so the event may be aimed at it: the desk is the one under it.
  const openOnDoubleClick = useEffectEvent((event: MouseEvent) => {
    const under = document.elementFromPoint(event.clientX, event.clientY) ?? (event.target as Element);
    const tile = under.closest<HTMLElement>('[data-desk-id]');
    if (tile?.dataset.deskId) openPropertiesOf(tile.dataset.deskId);
  });
  useEffect(() => {
    const surface = surfaceRef.current;
    if (!surface) return;
    const listener = (event: MouseEvent) => openOnDoubleClick(event);
    surface.addEventListener('dblclick', listener);
    return () => surface.removeEventListener('dblclick', listener);
  }, [surfaceRef]);

  const propertiesDesks = propertiesOf ? desks.filter((desk) => propertiesOf.includes(desk.id)) : [];

  const undoAction = commands.history.at(-1)?.action ?? null;

  return (
    <>
      <EditorToolbar
        toolbarRef={toolbarRef}
        selectedCount={selection.size}
        undoAction={undoAction}
        zoom={zoom}
        isAdmin={isAdmin}
        uploadButton={<UploadFloorPlanButton organizationId={organization.id} floorId={floor.id} />}
        actions={actions}
      />
      <NeighbourhoodPanel
        organizationId={organization.id}
        floorId={floor.id}
        selectedDeskIds={[...selection]}
        onSelectDesks={(ids) => onSelectionChange(new Set(ids))}
      />
      {propertiesDesks.length > 0 && (
        <DeskPropertiesDialog
          organizationId={organization.id}
          floorId={floor.id}
          desks={propertiesDesks}
          onClose={() => setPropertiesOf(null)}
        />
      )}
      <ConfirmDialog
        open={confirmation?.kind === 'delete'}
        onOpenChange={(open) => !open && setConfirmation(null)}
        title={confirmation?.kind === 'delete' && confirmation.ids.length > 1 ? 'Delete desks' : 'Delete desk'}
        description={floorPlanMessages.deleteDeskConfirm(
          confirmation?.kind === 'delete' ? confirmation.names.join(', ') : '',
        )}
        confirmLabel="Delete"
        onConfirm={() => {
          if (confirmation?.kind !== 'delete') return;
          onSelectionChange(emptySelection);
          void commands.deleteSelected(confirmation.ids);
        }}
      />
      <ConfirmDialog
        open={confirmation?.kind === 'delete-all'}
        onOpenChange={(open) => !open && setConfirmation(null)}
        title="Delete all desks"
        description={
          everyDesk.data && floors.data
            ? deleteAllDesksConfirmation(organization.name, countDesksByFloor(floors.data, everyDesk.data))
            : `Are you sure you want to delete every desk on every floor of ${organization.name}? This will also remove any associated bookings.`
        }
        confirmLabel="Delete all desks"
        onConfirm={() => void commands.deleteAll()}
      />
    </>
  );
}
