import { describe, expect, it } from 'vitest';
import { idlePointer, type PointerInput, type PointerState, type PointerTarget, transitionPointer } from './pointer.ts';

function run(inputs: PointerInput[], start: PointerState = idlePointer) {
  let state = start;
  const effects = [];
  for (const input of inputs) {
    const result = transitionPointer(state, input);
    state = result.state;
    effects.push(result.effect);
  }
  return { state, effects };
}

const onDesk = { kind: 'desk', id: 'd1' } as const;
const down = (target: PointerTarget, x = 100, y = 100, isToggle = false) =>
  ({ type: 'down', pointerId: 1, target, point: { x, y }, isToggle }) as const;
const move = (x: number, y: number) => ({ type: 'move', pointerId: 1, point: { x, y } }) as const;
const up = (x: number, y: number) => ({ type: 'up', pointerId: 1, point: { x, y } }) as const;

describe('pointer states', () => {
  it('goes idle → pointing → idle for a click on a desk', () => {
    const { state, effects } = run([down(onDesk), up(102, 101)]);
    expect(state.phase).toBe('idle');
    expect(effects.at(-1)).toEqual({ type: 'click-desk', deskId: 'd1', isToggle: false });
  });

  it('passes on Ctrl/Cmd as a toggle click', () => {
    const { effects } = run([down(onDesk, 100, 100, true), up(100, 100)]);
    expect(effects.at(-1)).toEqual({ type: 'click-desk', deskId: 'd1', isToggle: true });
  });

  it('stays pointing while the pointer moves 5 units or less', () => {
    const { state, effects } = run([down(onDesk), move(105, 95)]);
    expect(state.phase).toBe('pointing');
    expect(effects.at(-1)).toEqual({ type: 'none' });
  });

  it('starts dragging past the threshold and commits on release', () => {
    const { state, effects } = run([down(onDesk), move(106, 100), move(150, 120), up(160, 130)]);
    expect(state.phase).toBe('idle');
    expect(effects.map((effect) => effect.type)).toEqual(['none', 'drag-start', 'drag-move', 'drag-commit']);
    expect(effects.at(-1)).toEqual({ type: 'drag-commit', deskId: 'd1', delta: { x: 60, y: 30 } });
  });

  it('does not commit a drag that ends back within the threshold', () => {
    const { effects } = run([down(onDesk), move(140, 100), up(103, 99)]);
    expect(effects.at(-1)).toEqual({ type: 'drag-cancel', deskId: 'd1' });
  });

  it('adds nothing when a press on the canvas moves away', () => {
    const { state, effects } = run([down({ kind: 'canvas' }), move(150, 100), up(150, 100)]);
    expect(state.phase).toBe('idle');
    expect(effects.every((effect) => effect.type === 'none')).toBe(true);
  });

  it('reports a canvas click at the point pressed', () => {
    const { effects } = run([down({ kind: 'canvas' }, 300, 200), up(302, 201)]);
    expect(effects.at(-1)).toEqual({ type: 'click-canvas', point: { x: 300, y: 200 } });
  });

  it('cancels a drag when the pointer is lost', () => {
    const { state, effects } = run([down(onDesk), move(200, 200), { type: 'cancel', pointerId: 1 }]);
    expect(state.phase).toBe('idle');
    expect(effects.at(-1)).toEqual({ type: 'drag-cancel', deskId: 'd1' });
  });

  it('ignores a second pointer while the first is down', () => {
    const first = run([down(onDesk)]);
    const result = transitionPointer(first.state, {
      type: 'up',
      pointerId: 2,
      point: { x: 0, y: 0 },
    });
    expect(result.state).toBe(first.state);
    expect(
      transitionPointer(first.state, {
        type: 'down',
        pointerId: 2,
        target: onDesk,
        point: { x: 0, y: 0 },
        isToggle: false,
      }).state,
    ).toBe(first.state);
  });
});
