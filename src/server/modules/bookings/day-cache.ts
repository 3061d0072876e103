import { ByteBoundedCache } from '#server/byte-bounded-cache.ts';
import type { CachedJsonBody } from '#server/cached-body.ts';
import { perApp } from '#server/context.ts';

/**
 * Each server instance's cache of bookings reads (the floor plan's day read), keyed by organization and range and
 * valid for one revision of the organization's bookings (migration 0010, decision 009). The revision is read with
 * the membership check, in one query, before the bookings are: an answer is therefore at least as recent as its
 * revision, and a change committed by any instance raises the revision, so the next read rebuilds.
 */
interface CachedBookings {
  revision: bigint;
  body: CachedJsonBody;
  /** The people with a booking in it, for the read without names: they get a body of their own (queries.ts). */
  bookers?: ReadonlySet<string>;
}

/** Least recently used first out, bounded by the bytes of the JSON bodies and their compressed forms. */
export class BookingsReadCache {
  readonly #entries: ByteBoundedCache<CachedBookings>;

  constructor(maxBytes: number) {
    this.#entries = new ByteBoundedCache(maxBytes);
  }

  static key(organizationId: string, startDate: string, endDate: string): string {
    return `${organizationId}/${startDate}/${endDate}`;
  }

  /**
   * The key of the read without other people's names (migration 0029): the one body shared by members without a
   * booking in the range, or, with `userId`, that member's own (their bookings named).
   */
  static withoutNames(key: string, userId?: string): string {
    return userId ? `${key}/hidden/${userId}` : `${key}/hidden`;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.#entries.bytes;
  }

  /** The body cached for exactly this revision, marked as recently used. */
  get(key: string, revision: bigint): CachedJsonBody | undefined {
    return this.#entries.get(key, (entry) => entry.revision === revision)?.body;
  }

  /** The body cached for exactly this revision with the people who have a booking in it. */
  getWithBookers(key: string, revision: bigint): { body: CachedJsonBody; bookers?: ReadonlySet<string> } | undefined {
    return this.#entries.get(key, (entry) => entry.revision === revision);
  }

  put(key: string, revision: bigint, body: CachedJsonBody, bookers?: ReadonlySet<string>): void {
    const previous = this.#entries.peek(key);
    // Two requests may rebuild one read at once; the one that read the later revision stays.
    if (previous && previous.revision > revision) return;
    this.#entries.set(key, bookers ? { revision, body, bookers } : { revision, body });
  }
}

/** One cache per running app: 32 MiB, some 300 days of a 500-desk office as JSON, somewhat fewer with compressed forms. */
export const bookingsReadCache = perApp(() => new BookingsReadCache(32 * 1024 * 1024));
