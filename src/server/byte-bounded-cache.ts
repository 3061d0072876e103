import { LRUCache } from 'lru-cache';

/** Bytes that may grow while they are cached: CachedJsonBody adds its compressed forms on first demand. */
export interface GrowingBytes {
  /** Bytes held now. */
  readonly size: number;
  /** Calls `listener` each time `size` has grown. */
  onGrowth(listener: () => void): void;
}

/**
 * lru-cache measures an entry when it is set and again only when a different value is set for its key: each entry
 * is therefore held in a box, and a new box is set when its bytes grow.
 */
interface Held<E> {
  readonly entry: E;
}

/**
 * An instance's cache of answers (the desk list, the day read), least recently used first out, bounded by the bytes
 * its entries really hold: the JSON and every compressed form made since it was kept. A form is made while the
 * entry is being served, so the new measurement, which marks the entry recently used, follows a use anyway.
 */
export class ByteBoundedCache<E extends { readonly body: GrowingBytes }> {
  readonly #entries: LRUCache<string, Held<E>>;

  constructor(maxBytes: number) {
    this.#entries = new LRUCache<string, Held<E>>({
      maxSize: maxBytes,
      // lru-cache refuses a size of 0; no kept answer is empty ('[]' at least).
      sizeCalculation: (held) => Math.max(1, held.entry.body.size),
    });
  }

  /** Bytes held by the entries kept now. */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  /** The entry kept for `key`, leaving its place in line (to compare it with a newer one before replacing it). */
  peek(key: string): E | undefined {
    return this.#entries.peek(key)?.entry;
  }

  /** The entry kept for `key` if `isCurrent` accepts it, then marked as recently used. */
  get(key: string, isCurrent: (entry: E) => boolean): E | undefined {
    const held = this.#entries.peek(key);
    if (!held || !isCurrent(held.entry)) return undefined;
    this.#entries.get(key);
    return held.entry;
  }

  /**
   * Keeps `entry` for `key` in place of any other, as the most recently used, and lets the least recently used go
   * until the bytes fit again; so too whenever its body grows. An entry larger than the whole bound is not kept.
   */
  set(key: string, entry: E): void {
    let held: Held<E> = { entry };
    this.#entries.set(key, held);
    if (this.#entries.peek(key) !== held) return;
    entry.body.onGrowth(() => {
      // Replaced or let go since: nothing to measure.
      if (this.#entries.peek(key) !== held) return;
      held = { entry };
      this.#entries.set(key, held);
    });
  }
}
