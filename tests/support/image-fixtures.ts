import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A valid 1 x 1 PNG (one opaque pixel of the given colour), built byte by byte. */
export function tinyPng(rgb: [number, number, number] = [36, 99, 235]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  const scanline = Buffer.from([0, ...rgb]); // filter type 0, then the pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanline)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG padded with an ancillary chunk to exactly `size` bytes. */
export function pngOfSize(size: number): Buffer {
  const png = tinyPng();
  const iend = png.subarray(png.length - 12);
  const keyword = Buffer.from('Comment\0', 'latin1');
  const padding = size - png.length - 12 - keyword.length;
  if (padding < 0) throw new Error(`a PNG cannot be smaller than ${size - padding} bytes`);
  const comment = chunk('tEXt', Buffer.concat([keyword, Buffer.alloc(padding, 0x20)]));
  return Buffer.concat([png.subarray(0, png.length - 12), comment, iend]);
}

/** The start of a JPEG (JFIF): enough for sniffing, which is all these bytes are for. */
export const jpegStart = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00,
]);

/** The start of a lossless WebP. */
export const webpStart = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0x00, 0x00, 0x00]),
  Buffer.from('WEBPVP8L'),
  Buffer.from([
    0x0d, 0x00, 0x00, 0x00, 0x2f, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00,
  ]),
]);

export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);
export const htmlPage = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const gifImage = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
