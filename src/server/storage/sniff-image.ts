import type { floorPlanMediaTypes } from '#domain/floor-plan.ts';

export type ImageMediaType = (typeof floorPlanMediaTypes)[number];

/** How many leading bytes sniffImage needs to decide. */
export const sniffLength = 16;

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, expected: number[], offset = 0): boolean {
  return expected.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/**
 * The raster type the bytes really are, by their magic numbers, or null for anything else
 * (SVG, HTML, GIF, empty...). The name and the declared Content-Type are never trusted.
 */
export function sniffImage(bytes: Uint8Array): ImageMediaType | null {
  // PNG: the signature, then the IHDR chunk, which the format requires first.
  if (startsWith(bytes, pngSignature) && ascii(bytes, 12, 4) === 'IHDR') return 'image/png';
  // JPEG: start-of-image, then the first marker.
  if (startsWith(bytes, [0xff, 0xd8, 0xff]) && bytes.length > 3) return 'image/jpeg';
  // WebP: a RIFF container of form WEBP whose first chunk is a VP8 bitstream.
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP' && /^VP8[ LX]$/.test(ascii(bytes, 12, 4))) {
    return 'image/webp';
  }
  return null;
}
