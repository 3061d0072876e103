import type { CachedJsonBody } from '../../cached-body.ts';
import { perApp } from '../../context.ts';

/**
 * Each server instance's cache of bookings reads (the floor plan's day read), keyed by organization and range and
 * valid for one revision of the organization's bookings (migration 0010, decision 009). The revision is read with
 * the membership check, in one query, before the bookings are: an answer is therefore at least as recent as its
 * revision, and a change committed by any instance raises the revision, so the next read rebuilds.
 */
interface CachedBookings {
  revision: bigint;
  body: CachedJsonBody;
}

/** Least recently used first out, bounded by the bytes of the JSON bodies. */
export class BookingsReadCache {
  readonly #entries = new Map<string, CachedBookings>();
  #bytes = 0;
  readonly #maxBytes: number;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  static key(organizationId: string, startDate: string, endDate: string): string {
    return `${organizationId}/${startDate}/${endDate}`;
  }

  /** The body cached for exactly this revision, marked as recently used. */
  get(key: string, revision: bigint): CachedJsonBody | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.revision !== revision) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.body;
  }

  put(key: string, revision: bigint, body: CachedJsonBody): void {
    const previous = this.#entries.get(key);
    // Two requests may rebuild one read at once; the one that read the later revision stays.
    if (previous && previous.revision > revision) return;
    if (previous) this.#remove(key, previous);
    if (body.raw.length > this.#maxBytes) return;
    this.#entries.set(key, { revision, body });
    this.#bytes += body.raw.length;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#remove(oldestKey, oldest);
    }
  }

  #remove(key: string, entry: CachedBookings): void {
    this.#entries.delete(key);
    this.#bytes -= entry.body.raw.length;
  }
}

/** One cache per running app: 32 MiB, some 300 days of a 500-desk office. */
export const bookingsReadCache = perApp(() => new BookingsReadCache(32 * 1024 * 1024));
