import { describe, expect, it } from 'vitest';
import { gifImage, htmlPage, jpegStart, svgImage, tinyPng, webpStart } from '#test-support/image-fixtures.ts';
import { sniffImage } from './sniff-image.ts';

describe('recognising floor-plan images by their bytes', () => {
  it('recognises PNG, JPEG and WebP by their magic numbers', () => {
    expect(sniffImage(tinyPng())).toBe('image/png');
    expect(sniffImage(jpegStart)).toBe('image/jpeg');
    expect(sniffImage(webpStart)).toBe('image/webp');
  });

  it('refuses SVG, HTML, GIF and empty content', () => {
    for (const bytes of [svgImage, htmlPage, gifImage, Buffer.alloc(0)]) expect(sniffImage(bytes)).toBeNull();
  });

  it('refuses a PNG signature that is not followed by the header chunk the format requires', () => {
    const signatureThenHtml = Buffer.concat([tinyPng().subarray(0, 8), htmlPage]);
    expect(sniffImage(signatureThenHtml)).toBeNull();
  });

  it('refuses a RIFF file that is not WebP, such as a WAVE sound', () => {
    const wave = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(16)]);
    expect(sniffImage(wave)).toBeNull();
  });

  it('decides from the first bytes alone', () => {
    expect(sniffImage(tinyPng().subarray(0, 16))).toBe('image/png');
    expect(sniffImage(tinyPng().subarray(0, 15))).toBeNull();
  });
});
