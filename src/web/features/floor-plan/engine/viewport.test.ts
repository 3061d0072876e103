import { describe, expect, it } from 'vitest';
import {
  canvasPointAt,
  centreOn,
  clampScroll,
  contentOffset,
  fitMargin,
  fitPlanHeight,
  fitScale,
  fullScreenFitScale,
  legibleFontSize,
  minimumTextPx,
  nameFitSize,
  nameFontSize,
  normaliseZoom,
  pinchZoom,
  stepZoom,
  tileDetail,
  tileFont,
  wheelSteps,
  zoomAround,
} from './viewport.ts';

const laptop = { width: 1140, height: 700 };
const phone = { width: 358, height: 560 };

describe('fitScale', () => {
  it.each([
    ['a laptop map area, limited by its width', laptop, (1140 - 2 * fitMargin) / 1920],
    ['a phone, limited by its width', phone, (358 - 2 * fitMargin) / 1920],
    ['a wide, short monitor strip, limited by its height', { width: 2400, height: 600 }, (600 - 2 * fitMargin) / 1080],
    ['a viewport not measured yet', { width: 0, height: 0 }, 1],
  ])('fits the whole 1920 x 1080 canvas into %s', (_name, viewport, expected) => {
    expect(fitScale(viewport)).toBeCloseTo(expected, 10);
  });

  it('leaves every corner of the canvas inside the viewport at zoom 1', () => {
    for (const viewport of [laptop, phone, { width: 2400, height: 600 }]) {
      const scale = fitScale(viewport);
      const offset = contentOffset(viewport, scale);
      expect(offset.x + 1920 * scale).toBeLessThanOrEqual(viewport.width + 1e-9);
      expect(offset.y + 1080 * scale).toBeLessThanOrEqual(viewport.height + 1e-9);
      expect(offset.x).toBeGreaterThanOrEqual(0);
      expect(offset.y).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('fitPlanHeight', () => {
  it('is as tall as the fitted plan when the width limits it, and never taller than what is available', () => {
    const height = fitPlanHeight(1140, 1500);
    expect(height).toBeCloseTo(1080 * ((1140 - 2 * fitMargin) / 1920) + 2 * fitMargin, 6);
    expect(fitScale({ width: 1140, height })).toBeCloseTo(fitScale({ width: 1140, height: 1500 }), 6);
    expect(fitPlanHeight(2400, 600)).toBe(600);
  });
});

describe('zoomAround', () => {
  const cases: Array<[string, { x: number; y: number }, { left: number; top: number }, number, number]> = [
    ['zooming in at the middle of the fitted plan', { x: 570, y: 350 }, { left: 0, top: 0 }, 1, 2],
    ['zooming in at a corner desk', { x: 100, y: 120 }, { left: 0, top: 0 }, 1, 3],
    ['zooming out from a scrolled, zoomed view', { x: 300, y: 200 }, { left: 900, top: 400 }, 2.5, 1.5],
    ['zooming in again from a scrolled view', { x: 800, y: 500 }, { left: 200, top: 100 }, 1.5, 1.75],
  ];
  it.each(cases)('keeps the canvas point under the pointer still when %s', (_name, anchor, scroll, from, to) => {
    const base = fitScale(laptop);
    const before = canvasPointAt(anchor, scroll, laptop, from * base);
    const after = canvasPointAt(anchor, zoomAround(anchor, scroll, laptop, from * base, to * base), laptop, to * base);
    expect(after.x).toBeCloseTo(before.x, 6);
    expect(after.y).toBeCloseTo(before.y, 6);
  });

  it('recentres the plan when zooming out back to fitted, whatever the pointer', () => {
    const base = fitScale(laptop);
    expect(zoomAround({ x: 40, y: 40 }, { left: 700, top: 300 }, laptop, 2 * base, base)).toEqual({ left: 0, top: 0 });
  });
});

describe('fullScreenFitScale', () => {
  it('fits as usual on a wide screen', () => {
    const wide = { width: 1424, height: 780 };
    expect(fullScreenFitScale(wide)).toBe(fitScale(wide));
  });

  it('draws the plan up to twice the fit on a phone held upright, as far as its height allows', () => {
    const upright = { width: 372, height: 730 };
    expect(fullScreenFitScale(upright)).toBeCloseTo(2 * fitScale(upright), 9);
    const squarish = { width: 600, height: 620 };
    expect(fullScreenFitScale(squarish)).toBeCloseTo((620 - 2 * fitMargin) / 1080, 9);
    expect(fullScreenFitScale(squarish)).toBeGreaterThan(fitScale(squarish));
  });
});

describe('contentOffset', () => {
  it('puts the fitted plan at the top left, and centres a plan zoomed out below fitted', () => {
    const wide = { width: 2400, height: 600 };
    expect(contentOffset(wide, fitScale(wide))).toEqual({ x: fitMargin, y: fitMargin });
    const half = fitScale(wide) / 2;
    expect(contentOffset(wide, half)).toEqual({ x: (2400 - 1920 * half) / 2, y: (600 - 1080 * half) / 2 });
  });
});

describe('centreOn', () => {
  it('puts a desk in the middle of the viewport when there is room to scroll', () => {
    const scale = fitScale(laptop) * 2;
    const desk = { x: 900, y: 500, width: 120, height: 80 };
    const scroll = centreOn(desk, laptop, scale);
    const middle = canvasPointAt({ x: laptop.width / 2, y: laptop.height / 2 }, scroll, laptop, scale);
    expect(middle.x).toBeCloseTo(960, 6);
    expect(middle.y).toBeCloseTo(540, 6);
  });

  it('stops at the edge for a desk in a corner', () => {
    const scale = fitScale(laptop) * 2;
    expect(centreOn({ x: 0, y: 0, width: 120, height: 80 }, laptop, scale)).toEqual({ left: 0, top: 0 });
  });
});

describe('clampScroll', () => {
  it('allows no scrolling when the plan fits', () => {
    expect(clampScroll({ left: 50, top: 50 }, laptop, fitScale(laptop))).toEqual({ left: 0, top: 0 });
  });
});

describe('zoom steps', () => {
  it.each([
    [1, 1, 1.25],
    [1, -1, 0.75],
    [3, 1, 3],
    [0.5, -1, 0.5],
    [1.1, 1, 1.25],
  ] as const)('steps zoom %s by %s to %s, within 0.5 to 3', (zoom, direction, expected) => {
    expect(stepZoom(zoom, direction)).toBe(expected);
  });

  it.each([
    [Number.NaN, 1],
    [7, 3],
    [0.1, 0.5],
    [1.37, 1.25],
  ])('normalises %s to %s', (value, expected) => {
    expect(normaliseZoom(value)).toBe(expected);
  });

  it('turns a mouse wheel notch into one step and adds up trackpad deltas', () => {
    expect(wheelSteps(0, -100)).toEqual({ steps: 2, rest: 0 });
    expect(wheelSteps(0, 50)).toEqual({ steps: -1, rest: 0 });
    const first = wheelSteps(0, -30);
    expect(first.steps).toBe(0);
    expect(wheelSteps(first.rest, -30)).toEqual({ steps: 1, rest: -10 });
  });

  it('follows the spread of the fingers in a pinch, on the step', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 200, 100)).toBe(1);
    expect(pinchZoom(1, 100, 1000)).toBe(3);
    expect(pinchZoom(1, 0, 100)).toBe(1);
  });
});

describe('legibility', () => {
  it('fits a name to a small tile and cuts a long one rather than shrinking it', () => {
    expect(nameFontSize(nameFitSize({ width: 120, height: 80, name: 'D01' }), 1)).toBe(tileFont.name);
    expect(nameFontSize(nameFitSize({ width: 34, height: 22, name: 'B0001' }), 2)).toBeCloseTo(26 / (5 * 0.62), 6);
    expect(nameFitSize({ width: 120, height: 80, name: 'Window desk by the kitchen' })).toBeCloseTo(
      112 / (8 * 0.62),
      6,
    );
    expect(nameFontSize(nameFitSize({ width: 120, height: 80, name: 'D01' }), 0.3) * 0.3).toBeCloseTo(11, 6);
  });

  it('never draws text below 11 px on screen', () => {
    for (const scale of [0.18, 0.3, 0.58, 1, 2]) {
      expect(legibleFontSize(tileFont.name, scale) * scale).toBeGreaterThanOrEqual(minimumTextPx - 1e-9);
      expect(legibleFontSize(tileFont.detail, scale) * scale).toBeGreaterThanOrEqual(minimumTextPx - 1e-9);
    }
  });

  it.each([
    ['a standard desk with two booking lines at laptop fit', { width: 120, height: 80, name: 'D01' }, 2, 0.59, 'full'],
    ['a standard desk with two lines on a phone', { width: 120, height: 80, name: 'D01' }, 2, 0.18, 'mark'],
    ['a standard free desk on a phone', { width: 120, height: 80, name: 'D01' }, 0, 0.18, 'mark'],
    ['a standard free desk on a phone zoomed in twice', { width: 120, height: 80, name: 'D01' }, 0, 0.36, 'full'],
    ['a small desk on a phone', { width: 60, height: 40, name: 'D01' }, 0, 0.18, 'mark'],
    ['a standard free desk at half the laptop fit', { width: 120, height: 80, name: 'D01' }, 0, 0.3, 'mark'],
    ['a standard free desk at two thirds of the laptop fit', { width: 120, height: 80, name: 'D01' }, 0, 0.4, 'full'],
    [
      'a standard desk with two lines at two thirds of the laptop fit',
      { width: 120, height: 80, name: 'D01' },
      2,
      0.4,
      'name',
    ],
    ['a tiny bench desk at laptop fit', { width: 34, height: 22, name: 'B0001' }, 0, 0.59, 'mark'],
    ['a tiny bench desk zoomed in three times', { width: 34, height: 22, name: 'B0001' }, 0, 1.77, 'full'],
  ] as const)('shows %s as %s detail', (_name, tile, lines, scale, expected) => {
    expect(tileDetail(tile, lines, scale)).toBe(expected);
  });
});
