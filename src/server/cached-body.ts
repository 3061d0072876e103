import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/** Brotli at quality 4 as @fastify/compress uses: a 686 KB desk list takes a few ms, not the ~1 s of quality 11. */
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => gzip(body, { level: 6 }),
};

/** The client's preferred encoding we have, from Accept-Encoding (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  let best: Encoding | undefined;
  let bestQuality = 0;
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...parameters] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (name !== 'br' && name !== 'gzip') continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    // On a tie brotli wins: it is smaller.
    if (quality > bestQuality || (quality === bestQuality && name === 'br' && quality > 0)) {
      best = name;
      bestQuality = quality;
    }
  }
  return bestQuality > 0 ? best : undefined;
}

/**
 * A JSON answer kept by a cache, with its compressed forms made once on first demand: every later request that
 * accepts that encoding gets the same bytes, and @fastify/compress leaves an answer that has a Content-Encoding.
 * Its `size` grows as those forms are made; a cache bounded by bytes hears of it through `onGrowth`
 * (src/server/byte-bounded-cache.ts).
 */
export class CachedJsonBody {
  readonly raw: Buffer;
  readonly #compressed = new Map<Encoding, Promise<Buffer>>();
  #compressedBytes = 0;
  readonly #growthListeners: (() => void)[] = [];

  constructor(raw: Buffer) {
    this.raw = raw;
  }

  /** Bytes held: the JSON and the compressed forms made so far (for a cache's size bound). */
  get size(): number {
    return this.raw.length + this.#compressedBytes;
  }

  /** Calls `listener` each time `size` has grown. */
  onGrowth(listener: () => void): void {
    this.#growthListeners.push(listener);
  }

  #compress(encoding: Encoding): Promise<Buffer> {
    let pending = this.#compressed.get(encoding);
    if (!pending) {
      pending = compressors[encoding](this.raw).then((bytes) => {
        this.#compressedBytes += bytes.length;
        for (const listener of this.#growthListeners) listener();
        return bytes;
      });
      this.#compressed.set(encoding, pending);
      // A failed compression is not kept: the next request tries again.
      pending.catch(() => this.#compressed.delete(encoding));
    }
    return pending;
  }

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    // Small answers are not worth compressing (the app's @fastify/compress threshold is 1 KB too).
    const encoding = this.raw.length >= 1024 ? chooseEncoding(request.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.send(this.raw);
    const bytes = await this.#compress(encoding);
    return reply.header('content-encoding', encoding).send(bytes);
  }
}
