import type { Readable } from 'node:stream';

/** The whole stream as bytes, or null as soon as it passes `limit` bytes (the rest is not read). */
export async function readAtMost(stream: Readable, limit: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.byteLength;
    if (total > limit) {
      stream.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total);
}
