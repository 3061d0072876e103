import { type RefObject, useEffect, useEffectEvent } from 'react';
import { commandForKey, type EditorCommand } from '../engine/keyboard.ts';

function isTextEntry(target: HTMLElement): boolean {
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Edit-mode keys. Ctrl/Cmd+Z undoes anywhere outside text fields and dialogs. Desk commands act
 * when focus is on the canvas, a desk, the editor toolbar or nowhere in particular; arrows only
 * on the canvas, so they never fight the page's own controls. Enter or Space on a focused desk
 * selects it (with Ctrl, Cmd or Shift: adds it to the selection); Enter on a desk already selected
 * opens Desk properties.
 */
export function useEditorKeyboard({
  canvasRef,
  toolbarRef,
  hasSelection,
  onCommand,
  onActivateDesk,
  onOpenProperties,
}: {
  canvasRef: RefObject<HTMLElement | null>;
  toolbarRef: RefObject<HTMLElement | null>;
  hasSelection: boolean;
  onCommand: (command: EditorCommand) => void;
  onActivateDesk: (deskId: string, isToggle: boolean) => void;
  onOpenProperties: (deskId: string) => void;
}) {
  const handle = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const target = event.target instanceof HTMLElement ? event.target : document.body;
    if (isTextEntry(target) || target.closest('[role="dialog"], [role="alertdialog"]')) return;
    const onCanvas = target === document.body || Boolean(canvasRef.current?.contains(target));
    const onToolbar = Boolean(toolbarRef.current?.contains(target));

    const tile = onCanvas ? target.closest<HTMLElement>('[data-desk-id]') : null;
    if (tile?.dataset.deskId && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      const isToggle = event.ctrlKey || event.metaKey || event.shiftKey;
      if (event.key === 'Enter' && !isToggle && tile.getAttribute('aria-pressed') === 'true') {
        onOpenProperties(tile.dataset.deskId);
      } else {
        onActivateDesk(tile.dataset.deskId, isToggle);
      }
      return;
    }

    const command = commandForKey(event, hasSelection);
    if (!command) return;
    if (command.type !== 'undo' && !onCanvas && !onToolbar) return;
    if (command.type === 'nudge' && !onCanvas) return;
    event.preventDefault();
    onCommand(command);
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => handle(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
