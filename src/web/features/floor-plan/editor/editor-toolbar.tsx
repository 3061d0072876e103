import {
  AlignCenterHorizontal,
  AlignCenterVertical,
  AlignEndHorizontal,
  AlignEndVertical,
  AlignHorizontalDistributeCenter,
  AlignStartHorizontal,
  AlignStartVertical,
  AlignVerticalDistributeCenter,
  Grid3x3,
  ListX,
  type LucideIcon,
  Plus,
  RotateCcw,
  RotateCw,
  SlidersHorizontal,
  SquareX,
  Trash2,
  Undo2,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { Toolbar } from 'radix-ui';
import type { ReactNode, Ref } from 'react';
import { editorLimits, floorPlanMessages } from '#domain/floor-plan.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import type { Alignment, Axis } from '../engine/geometry.ts';

/**
 * A tool with an accessible name and a tooltip. A tool that needs more desks selected stays
 * focusable (aria-disabled) and says why when used.
 */
function Tool({
  icon: Icon,
  label,
  shortcut,
  blockedReason,
  onClick,
  children,
  tone = 'default',
}: {
  icon: LucideIcon;
  label: string;
  shortcut?: string;
  blockedReason?: string | null;
  onClick: () => void;
  children?: ReactNode;
  tone?: 'default' | 'danger';
}) {
  const title = `${label}${shortcut ? ` (${shortcut})` : ''}${blockedReason ? `: ${blockedReason}` : ''}`;
  return (
    <Toolbar.Button
      type="button"
      aria-label={label}
      title={title}
      aria-disabled={blockedReason ? true : undefined}
      onClick={() => {
        if (blockedReason) toast({ title: 'Select more desks', description: blockedReason });
        else onClick();
      }}
      className={cn(
        'inline-flex h-9 min-w-9 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium',
        tone === 'danger' ? 'text-red-700 hover:bg-red-50' : 'text-slate-800 hover:bg-slate-100',
        blockedReason && 'cursor-not-allowed text-slate-400 hover:bg-transparent',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {children}
    </Toolbar.Button>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset cannot sit inside a toolbar's roving focus
    <div role="group" aria-label={label} className="flex items-center gap-0.5">
      {children}
    </div>
  );
}

const Divider = () => <Toolbar.Separator className="mx-0.5 hidden h-6 w-px bg-slate-200 sm:block" />;

const alignments: Array<{ value: Alignment; label: string; icon: LucideIcon }> = [
  { value: 'left', label: 'Align left edges', icon: AlignStartVertical },
  { value: 'center', label: 'Align centres', icon: AlignCenterVertical },
  { value: 'right', label: 'Align right edges', icon: AlignEndVertical },
  { value: 'top', label: 'Align top edges', icon: AlignStartHorizontal },
  { value: 'middle', label: 'Align middles', icon: AlignCenterHorizontal },
  { value: 'bottom', label: 'Align bottom edges', icon: AlignEndHorizontal },
];

export interface ToolbarActions {
  onAddDesk: () => void;
  onZoom: (zoom: number) => void;
  onAlign: (alignment: Alignment) => void;
  onDistribute: (axis: Axis) => void;
  onSnap: () => void;
  onRotate: (degrees: number) => void;
  onUndo: () => void;
  onClearSelection: () => void;
  onOpenProperties: () => void;
  onDeleteSelected: () => void;
  onDeleteAll: () => void;
}

export function EditorToolbar({
  toolbarRef,
  selectedCount,
  undoAction,
  zoom,
  isAdmin,
  uploadButton,
  actions,
}: {
  toolbarRef: Ref<HTMLDivElement>;
  selectedCount: number;
  undoAction: string | null;
  zoom: number;
  isAdmin: boolean;
  uploadButton: ReactNode;
  actions: ToolbarActions;
}) {
  const needs = (count: number, message: string) => (selectedCount >= count ? null : message);
  const step = editorLimits.rotationStep;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-2 shadow-sm">
      <Toolbar.Root
        ref={toolbarRef}
        aria-label="Floor plan editor"
        className="flex flex-wrap items-center gap-x-1 gap-y-2"
      >
        <Group label="Desks">
          <Tool icon={Plus} label="Add desk" onClick={actions.onAddDesk}>
            <span className="hidden xl:inline">Add desk</span>
          </Tool>
          <Tool
            icon={Undo2}
            label={undoAction ? `Undo ${undoAction}` : 'Undo'}
            shortcut="Ctrl+Z"
            blockedReason={undoAction ? null : 'Nothing to undo yet'}
            onClick={actions.onUndo}
          />
          <Tool
            icon={SlidersHorizontal}
            label="Desk properties"
            shortcut="Enter"
            blockedReason={needs(1, 'Select a desk to edit its properties')}
            onClick={actions.onOpenProperties}
          >
            <span className="hidden xl:inline">Properties</span>
          </Tool>
          <Tool
            icon={SquareX}
            label="Clear selection"
            shortcut="Esc"
            blockedReason={needs(1, 'No desks are selected')}
            onClick={actions.onClearSelection}
          />
        </Group>
        {isAdmin && (
          <>
            <Divider />
            <Group label="Zoom">
              <Tool
                icon={ZoomOut}
                label="Zoom out"
                blockedReason={zoom <= editorLimits.zoomMin ? 'Already at the smallest zoom' : null}
                onClick={() => actions.onZoom(zoom - editorLimits.zoomStep)}
              />
              <output className="w-12 text-center text-sm tabular-nums text-slate-800" aria-label="Zoom level">
                {Math.round(zoom * 100)}%
              </output>
              <Tool
                icon={ZoomIn}
                label="Zoom in"
                blockedReason={zoom >= editorLimits.zoomMax ? 'Already at the largest zoom' : null}
                onClick={() => actions.onZoom(zoom + editorLimits.zoomStep)}
              />
            </Group>
          </>
        )}
        <Divider />
        <Group label="Align">
          {alignments.map((item) => (
            <Tool
              key={item.value}
              icon={item.icon}
              label={item.label}
              blockedReason={needs(2, floorPlanMessages.alignNeedsTwo)}
              onClick={() => actions.onAlign(item.value)}
            />
          ))}
        </Group>
        <Divider />
        <Group label="Distribute and snap">
          <Tool
            icon={AlignHorizontalDistributeCenter}
            label="Distribute horizontally"
            blockedReason={needs(3, floorPlanMessages.distributeNeedsThree)}
            onClick={() => actions.onDistribute('horizontal')}
          />
          <Tool
            icon={AlignVerticalDistributeCenter}
            label="Distribute vertically"
            blockedReason={needs(3, floorPlanMessages.distributeNeedsThree)}
            onClick={() => actions.onDistribute('vertical')}
          />
          <Tool
            icon={Grid3x3}
            label="Snap to grid"
            blockedReason={needs(1, floorPlanMessages.snapNeedsOne)}
            onClick={actions.onSnap}
          />
        </Group>
        <Divider />
        <Group label="Rotate">
          <Tool
            icon={RotateCcw}
            label={`Rotate ${step}° counter-clockwise`}
            shortcut="Shift+R"
            blockedReason={needs(1, 'Select a desk to rotate')}
            onClick={() => actions.onRotate(-step)}
          />
          <Tool
            icon={RotateCw}
            label={`Rotate ${step}° clockwise`}
            shortcut="R"
            blockedReason={needs(1, 'Select a desk to rotate')}
            onClick={() => actions.onRotate(step)}
          />
        </Group>
        <Divider />
        <Group label="Delete">
          <Tool
            icon={Trash2}
            label="Delete selected desks"
            shortcut="Delete"
            tone="danger"
            blockedReason={needs(1, 'Select a desk to delete')}
            onClick={actions.onDeleteSelected}
          />
          {isAdmin && <Tool icon={ListX} label="Delete all desks" tone="danger" onClick={actions.onDeleteAll} />}
        </Group>
        {isAdmin && (
          <>
            <Divider />
            {uploadButton}
          </>
        )}
      </Toolbar.Root>
      <p className="mt-2 px-1 text-xs text-slate-600" aria-live="polite">
        <span className="font-medium text-slate-800">
          {selectedCount === 0
            ? 'No desks selected.'
            : `${selectedCount} ${selectedCount === 1 ? 'desk' : 'desks'} selected.`}
        </span>{' '}
        Click empty space to add a desk; drag to move; Ctrl or Cmd+click to select several; double-click a desk for its
        properties. Keys: arrows move (Shift: 10), R rotates, Enter on a selected desk opens its properties, Delete
        removes, Esc clears, Ctrl+Z undoes.
      </p>
    </div>
  );
}
