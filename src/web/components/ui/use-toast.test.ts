import { describe, expect, it } from 'vitest';
import {
  addToast,
  closeErrorToasts,
  closeToast,
  noToasts,
  removeToast,
  type ToastItem,
  type ToastState,
} from './use-toast.ts';

const important = (id: string, title = `Toast ${id}`): ToastItem => ({ id, title, open: true });
const routine = (id: string, title = 'Floor Plan Loaded'): ToastItem => ({ id, title, open: true, routine: true });

const onScreen = (state: ToastState) => state.toasts.filter((item) => item.open).map((item) => item.title);

function apply(...steps: Array<(state: ToastState) => ToastState>): ToastState {
  return steps.reduce((state, step) => step(state), noToasts);
}

describe('the toast area', () => {
  it('shows a toast when none is on screen', () => {
    expect(onScreen(addToast(noToasts, important('1', 'Subscription activated')))).toEqual(['Subscription activated']);
  });

  it('lets a new important toast replace the one on screen, one at a time', () => {
    const state = apply(
      (s) => addToast(s, important('1', 'Desk booked successfully!')),
      (s) => addToast(s, important('2', 'Error')),
    );
    expect(state.toasts.map((item) => item.title)).toEqual(['Error']);
  });

  it.each([
    ['a subscription result', 'Subscription activated'],
    ['an upload success', 'Floor plan uploaded and updated successfully!'],
    ['an error', 'Error'],
  ])('keeps %s on screen when the floor plan loads, and shows the routine toast once it has closed', (_, title) => {
    const waiting = apply(
      (s) => addToast(s, important('1', title)),
      (s) => addToast(s, routine('2')),
    );
    expect(onScreen(waiting)).toEqual([title]);

    expect(onScreen(closeToast(waiting, '1'))).toEqual(['Floor Plan Loaded']);
  });

  it('shows a routine toast at once when nothing is on screen, also after a toast has closed', () => {
    expect(onScreen(addToast(noToasts, routine('1')))).toEqual(['Floor Plan Loaded']);
    const afterClosing = apply(
      (s) => addToast(s, important('1', 'Desk deleted successfully!')),
      (s) => closeToast(s, '1'),
      (s) => addToast(s, routine('2')),
    );
    expect(onScreen(afterClosing)).toEqual(['Floor Plan Loaded']);
  });

  it('lets an important toast replace a routine one', () => {
    const state = apply(
      (s) => addToast(s, routine('1')),
      (s) => addToast(s, important('2', 'Subscription activated')),
    );
    expect(onScreen(state)).toEqual(['Subscription activated']);
  });

  it('keeps only the newest waiting routine toast', () => {
    const state = apply(
      (s) => addToast(s, important('1', 'Subscription activated')),
      (s) => addToast(s, routine('2', 'Floor Plan Loaded: Floor 1')),
      (s) => addToast(s, routine('3', 'Floor Plan Loaded: Floor 2')),
      (s) => closeToast(s, '1'),
    );
    expect(onScreen(state)).toEqual(['Floor Plan Loaded: Floor 2']);
    expect(state.waiting).toBeNull();
  });

  it('keeps the routine toast waiting while important toasts replace each other', () => {
    const state = apply(
      (s) => addToast(s, important('1', 'Subscription activated')),
      (s) => addToast(s, routine('2')),
      (s) => addToast(s, important('3', 'Error')),
    );
    expect(onScreen(state)).toEqual(['Error']);
    expect(onScreen(closeToast(state, '3'))).toEqual(['Floor Plan Loaded']);
  });

  it('drops a waiting routine toast that is dismissed before its turn', () => {
    const state = apply(
      (s) => addToast(s, important('1', 'Subscription activated')),
      (s) => addToast(s, routine('2')),
      (s) => closeToast(s, '2'),
      (s) => closeToast(s, '1'),
    );
    expect(onScreen(state)).toEqual([]);
  });

  it('leaves the waiting routine toast alone when a toast that is not on screen any more is closed again', () => {
    const state = apply(
      (s) => addToast(s, important('1', 'Subscription activated')),
      (s) => addToast(s, routine('2')),
      (s) => closeToast(s, 'no-such-toast'),
    );
    expect(onScreen(state)).toEqual(['Subscription activated']);
    expect(state.waiting?.id).toBe('2');
  });

  it('forgets a closed toast when it is removed', () => {
    const state = apply(
      (s) => addToast(s, important('1')),
      (s) => closeToast(s, '1'),
      (s) => removeToast(s, '1'),
    );
    expect(state.toasts).toEqual([]);
  });

  it('closes an error toast on screen once its problem is behind the person (signed in after a failed try)', () => {
    const error: ToastItem = { id: '1', title: 'Sign in failed', variant: 'destructive', open: true };
    expect(onScreen(closeErrorToasts(addToast(noToasts, error)))).toEqual([]);
  });

  it('leaves a toast that is not an error on screen, and the routine one waiting', () => {
    const state = apply(
      (s) => addToast(s, important('1', 'Welcome to Perch!')),
      (s) => addToast(s, routine('2')),
      closeErrorToasts,
    );
    expect(onScreen(state)).toEqual(['Welcome to Perch!']);
    expect(state.waiting?.id).toBe('2');
  });

  it('shows the waiting routine toast once the error toast in its way has closed', () => {
    const state = apply(
      (s) => addToast(s, { id: '1', title: 'Error', variant: 'destructive', open: true }),
      (s) => addToast(s, routine('2')),
      closeErrorToasts,
    );
    expect(onScreen(state)).toEqual(['Floor Plan Loaded']);
  });
});
