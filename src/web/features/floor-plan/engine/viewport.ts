import { canvasSize, clamp, editorLimits } from '#domain/floor-plan.ts';
import type { Point } from './geometry.ts';

/** The visible part of the map, in screen pixels. */
export interface ViewportSize {
  width: number;
  height: number;
}

/** Where the view is: the scroll position of the viewport, in screen pixels. */
export interface Scroll {
  left: number;
  top: number;
}

/** The rectangle a desk covers on the canvas, in canvas units. */
export interface CanvasRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Room kept around the fitted plan, in screen pixels, so its edges never touch the viewport's border. */
export const fitMargin = 8;

/**
 * The scale at which the whole canvas fits the viewport: zoom 1 means "fitted" (issue 14), so the
 * on-screen scale is always `zoom * fitScale`. A viewport not measured yet fits at 1.
 */
export function fitScale(viewport: ViewportSize, canvas: ViewportSize = canvasSize): number {
  const width = viewport.width - 2 * fitMargin;
  const height = viewport.height - 2 * fitMargin;
  if (!(width > 0) || !(height > 0)) return 1;
  return Math.min(width / canvas.width, height / canvas.height);
}

/**
 * The fitted scale of the full-screen map (issue 34). On a screen taller than wide (a phone held upright) the fitted
 * plan would fill the width and leave most of the screen empty, its desks too small for their names: there the plan
 * is drawn up to twice as large, as far as the height allows, and scrolls sideways; zooming out to 50 % still shows
 * the whole floor. Elsewhere it is the usual fit.
 */
export function fullScreenFitScale(viewport: ViewportSize, canvas: ViewportSize = canvasSize): number {
  const fit = fitScale(viewport, canvas);
  if (!(viewport.height > viewport.width)) return fit;
  const byHeight = (viewport.height - 2 * fitMargin) / canvas.height;
  return Math.max(fit, Math.min(byHeight, 2 * fit));
}

/**
 * The height a viewport of this width needs to show the whole canvas fitted, when at most
 * `maxHeight` is available: a plan limited by the width leaves no empty band below it.
 */
export function fitPlanHeight(width: number, maxHeight: number, canvas: ViewportSize = canvasSize): number {
  const scale = fitScale({ width, height: maxHeight }, canvas);
  return Math.min(maxHeight, canvas.height * scale + 2 * fitMargin);
}

/** The canvas's size on screen at a scale. */
export function contentSize(scale: number, canvas: ViewportSize = canvasSize): ViewportSize {
  return { width: canvas.width * scale, height: canvas.height * scale };
}

/**
 * Where the canvas's top-left corner sits inside the scrolled content: at the margin, top left, like a
 * page (zoom 1 fills one axis; the plan does not jump sideways as one zooms in); only a canvas zoomed
 * out below "fitted", smaller than the viewport both ways, is centred.
 */
export function contentOffset(viewport: ViewportSize, scale: number, canvas: ViewportSize = canvasSize): Point {
  const size = contentSize(scale, canvas);
  const spareX = viewport.width - size.width;
  const spareY = viewport.height - size.height;
  if (spareX > 2 * fitMargin + 0.5 && spareY > 2 * fitMargin + 0.5) return { x: spareX / 2, y: spareY / 2 };
  return { x: fitMargin, y: fitMargin };
}

/** The scrollable extent: the canvas plus its offset on both sides. */
export function scrollExtent(viewport: ViewportSize, scale: number, canvas: ViewportSize = canvasSize): ViewportSize {
  const size = contentSize(scale, canvas);
  const offset = contentOffset(viewport, scale, canvas);
  return { width: size.width + 2 * offset.x, height: size.height + 2 * offset.y };
}

/** A scroll position kept inside what can be scrolled. */
export function clampScroll(
  scroll: Scroll,
  viewport: ViewportSize,
  scale: number,
  canvas: ViewportSize = canvasSize,
): Scroll {
  const extent = scrollExtent(viewport, scale, canvas);
  return {
    left: clamp(scroll.left, 0, Math.max(0, extent.width - viewport.width)),
    top: clamp(scroll.top, 0, Math.max(0, extent.height - viewport.height)),
  };
}

/** The canvas point under a point of the viewport (screen pixels from its top-left corner). */
export function canvasPointAt(
  point: Point,
  scroll: Scroll,
  viewport: ViewportSize,
  scale: number,
  canvas: ViewportSize = canvasSize,
): Point {
  const offset = contentOffset(viewport, scale, canvas);
  return { x: (scroll.left + point.x - offset.x) / scale, y: (scroll.top + point.y - offset.y) / scale };
}

/**
 * The scroll position after a change of scale that keeps the canvas point under `anchor` (a point of
 * the viewport, such as the mouse pointer or the middle of a pinch) where it is on screen.
 */
export function zoomAround(
  anchor: Point,
  scroll: Scroll,
  viewport: ViewportSize,
  fromScale: number,
  toScale: number,
  canvas: ViewportSize = canvasSize,
): Scroll {
  const target = canvasPointAt(anchor, scroll, viewport, fromScale, canvas);
  const offset = contentOffset(viewport, toScale, canvas);
  return clampScroll(
    { left: target.x * toScale + offset.x - anchor.x, top: target.y * toScale + offset.y - anchor.y },
    viewport,
    toScale,
    canvas,
  );
}

/** The scroll position that puts the middle of a canvas rectangle (a desk) in the middle of the viewport. */
export function centreOn(
  rect: CanvasRect,
  viewport: ViewportSize,
  scale: number,
  canvas: ViewportSize = canvasSize,
): Scroll {
  const offset = contentOffset(viewport, scale, canvas);
  return clampScroll(
    {
      left: (rect.x + rect.width / 2) * scale + offset.x - viewport.width / 2,
      top: (rect.y + rect.height / 2) * scale + offset.y - viewport.height / 2,
    },
    viewport,
    scale,
    canvas,
  );
}

/** Zoom within 0.5 to 3, on the 0.25 step (spec section 9). */
export function normaliseZoom(value: number): number {
  if (!Number.isFinite(value)) return editorLimits.zoomDefault;
  const stepped = Math.round(value / editorLimits.zoomStep) * editorLimits.zoomStep;
  return clamp(stepped, editorLimits.zoomMin, editorLimits.zoomMax);
}

/** One step in or out (+1 or -1), as the buttons and the + and - keys do. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  return normaliseZoom(zoom + direction * editorLimits.zoomStep);
}

/**
 * Wheel and trackpad-pinch zoom. A mouse notch (deltaY about 100) is one step; a trackpad pinch
 * sends many small deltas, which add up until they reach a step. Answers the steps taken (negative
 * is out) and what is left over for the next event.
 */
export const wheelDeltaPerStep = 50;

export function wheelSteps(accumulated: number, deltaY: number): { steps: number; rest: number } {
  const total = accumulated + deltaY;
  const steps = Math.trunc(total / wheelDeltaPerStep);
  return { steps: -steps, rest: total - steps * wheelDeltaPerStep };
}

/** The zoom a touch pinch asks for: the zoom at its start times how far the fingers have spread. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (!(startDistance > 0) || !(distance > 0)) return normaliseZoom(startZoom);
  return normaliseZoom(startZoom * (distance / startDistance));
}

/** Smallest on-screen size of a desk's name, in pixels (issue 14: 9; issue 34: 11, legible on a phone too). */
export const minimumTextPx = 11;
/**
 * Smallest on-screen size of a tile's booking lines (BLOCKED and 'permanent', who booked): 9 px as issue 14 set it, so
 * that a desk of the usual size still says BLOCKED and 'permanent' under its 11 px name, as the product spec asks.
 */
export const minimumDetailPx = 9;

/** What a tile has room to show at a scale: its full text, its name, or only its status mark. */
export type TileDetail = 'full' | 'name' | 'mark';

/** Font sizes on the canvas, in canvas units: the name and the booking lines (desk-tile.css). */
export const tileFont = { name: 15, detail: 10, lineHeight: 1.15, padding: 4, charWidth: 0.62 } as const;

/** The canvas-unit font size that draws text at `size` units, but never below the minimum on screen. */
export function legibleFontSize(size: number, scale: number): number {
  return Math.max(size, minimumTextPx / scale);
}

/**
 * The largest name size at which a desk's name fits its tile (unbounded: the tile's own limit). A long
 * name is cut with an ellipsis rather than shrunk, so at most 8 characters count. It depends on the
 * desk alone, so it is worked out once per desk, not on every zoom.
 */
export function nameFitSize(tile: { width: number; height: number; name: string }): number {
  const characters = Math.min(8, Math.max(3, tile.name.length));
  const byWidth = (tile.width - tileFont.padding * 2) / (characters * tileFont.charWidth);
  const byHeight = (tile.height - tileFont.padding) / tileFont.lineHeight;
  return Math.max(1, Math.min(byWidth, byHeight));
}

/** The name's size in canvas units: 15, or less on a small tile, raised to stay 11 px on screen. */
export function nameFontSize(fit: number, scale: number): number {
  return legibleFontSize(Math.min(tileFont.name, fit), scale);
}

/** The status mark's corner on screen: its size (desk-tile.css: 8 px at every zoom) plus its inset. */
export const markCornerPx = 9.5;

/**
 * How much of a tile to draw at a scale so that no text is smaller than 11 px on screen: everything when
 * the name and its booking lines fit the tile's height, the name and a status mark when the name fits,
 * and the mark alone on a tile too small for a legible name beside its mark (its full text shows on
 * hover and focus).
 */
export function tileDetail(
  tile: { width: number; height: number; name: string },
  lineCount: number,
  scale: number,
): TileDetail {
  const fit = nameFitSize(tile);
  const nameSize = nameFontSize(fit, scale);
  if (nameSize > fit + 1e-9) return 'mark';
  // The name is centred; the mark sits in the top-right corner. They must not overlap on screen.
  const clearOfMark = (blockHeight: number) => {
    const nameWidth = Math.min(tile.name.length, 8) * nameSize * tileFont.charWidth;
    const spareX = ((tile.width - nameWidth) / 2) * scale;
    const spareY = ((tile.height - blockHeight) / 2) * scale;
    return spareX >= markCornerPx || spareY >= markCornerPx;
  };
  const nameHeight = nameSize * tileFont.lineHeight;
  if (!clearOfMark(nameHeight)) return 'mark';
  if (lineCount === 0) return 'full';
  const detailSize = Math.max(Math.min(tileFont.detail, fit), minimumDetailPx / scale);
  const height = nameHeight + lineCount * detailSize * tileFont.lineHeight;
  return height <= tile.height - tileFont.padding && clearOfMark(height) ? 'full' : 'name';
}
