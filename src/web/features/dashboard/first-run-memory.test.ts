import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasFirstRunMark, setFirstRunMark, subscribeToFirstRunMarks } from './first-run-memory.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the first-run marks this browser keeps', () => {
  it('remembers Hide checklist for the person and organization it was chosen in, and no others', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    expect(hasFirstRunMark('ines', 'studio', 'hidden')).toBe(false);
    setFirstRunMark('ines', 'studio', 'hidden');
    expect(hasFirstRunMark('ines', 'studio', 'hidden')).toBe(true);
    expect(hasFirstRunMark('ines', 'studio', 'rules-saved')).toBe(false);
    expect(hasFirstRunMark('ines', 'other-office', 'hidden')).toBe(false);
    expect(hasFirstRunMark('tom', 'studio', 'hidden')).toBe(false);
  });

  it('tells every checklist on screen when a mark is set, until it stops listening', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const heard = vi.fn();
    const stop = subscribeToFirstRunMarks(heard);
    setFirstRunMark('ines', 'studio', 'rules-saved');
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    setFirstRunMark('ines', 'studio', 'completed');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('remembers nothing, and fails nothing, where storage is switched off', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    const heard = vi.fn();
    const stop = subscribeToFirstRunMarks(heard);
    expect(() => setFirstRunMark('ines', 'studio', 'hidden')).not.toThrow();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(hasFirstRunMark('ines', 'studio', 'hidden')).toBe(false);
    stop();
  });
});
