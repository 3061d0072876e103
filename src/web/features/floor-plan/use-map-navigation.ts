import {
  type RefObject,
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Point } from './engine/geometry.ts';
import {
  type CanvasRect,
  centreOn,
  fitPlanHeight,
  fitScale,
  fullScreenFitScale,
  pinchZoom,
  type Scroll,
  stepZoom,
  type ViewportSize,
  wheelSteps,
  zoomAround,
} from './engine/viewport.ts';

/** Below this the map still gets some height on a very short window; the page scrolls instead. */
const minimumMapHeight = 280;
/** Room under the map for the page's bottom padding. */
const bottomGap = 16;
/** The bar under the map (zoom and full screen, map-controls.tsx): its height and the gap above it. */
export const mapBarHeight = 48;
/** The full-screen map's padding at the window's bottom edge. */
const fullScreenPadding = 8;
/** Tile text follows the scale once a zoom gesture has paused this long (zooming itself only transforms). */
const settleDelayMs = 120;

function isTextEntry(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The map's height: the rest of the window below where the map starts (measured at the top of the page), less the
 * bar under it, so the whole plan and its controls are on screen at first sight on any screen, from a phone to a
 * wide monitor. In full-screen mode the map is fixed to the window: the page's scroll does not count.
 */
function useFillHeight(
  frameRef: RefObject<HTMLElement | null>,
  layoutKey: unknown,
  isFixed: boolean,
  barHeight: number,
): number | null {
  const [height, setHeight] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: layoutKey is what moves the map down the page
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => {
      const top = frame.getBoundingClientRect().top + (isFixed ? 0 : window.scrollY);
      const gap = barHeight + (isFixed ? fullScreenPadding : bottomGap);
      const next = Math.max(isFixed ? 0 : minimumMapHeight, Math.floor(window.innerHeight - top - gap));
      setHeight((previous) => (previous === next ? previous : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.documentElement);
    if (frame.parentElement) observer.observe(frame.parentElement);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [frameRef, layoutKey, isFixed, barHeight]);
  return height;
}

/**
 * The width the map has: the frame's, less the viewport's 1 px borders. Not the viewport's own client width,
 * which shrinks when a zoomed-in map shows scroll bars and would change the fit (and the map's height) as
 * one zooms.
 */
function useFrameWidth(frameRef: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => setWidth(Math.max(0, frame.clientWidth - 2));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frameRef]);
  return width;
}

/** The scale shown, and the same scale once zooming has paused (what tile text is laid out for). */
function useSettled(value: number): number {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (settled === value) return;
    const timer = setTimeout(() => setSettled(value), settleDelayMs);
    return () => clearTimeout(timer);
  }, [value, settled]);
  return settled;
}

const distance = (a: Touch, b: Touch) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);

/**
 * Zoom and pan for everyone (issue 14). Zoom 1 is "fitted"; the scale on screen is zoom times the fit.
 * Ctrl/Cmd + wheel and trackpad pinch (Chromium sends it as a wheel event with ctrlKey) zoom around the
 * pointer; a two-finger touch pinch zooms around its middle; one finger pans (the viewport scrolls
 * natively); + - and 0 zoom in, out and back to fitted. Every zoom keeps the point under the pointer
 * (or the viewport's middle, for keys and buttons) where it is.
 */
export function useMapNavigation({
  frameRef,
  viewportRef,
  zoom,
  onZoomChange,
  layoutKey,
  isFullScreen = false,
  hasBar = true,
}: {
  /** Whether the bar under the map (zoom, full screen) is shown: the map leaves room for it. */
  hasBar?: boolean;
  /** The map fills the window (full-screen mode): it is as tall as the window allows, not as the fitted plan. */
  isFullScreen?: boolean;
  frameRef: RefObject<HTMLElement | null>;
  viewportRef: RefObject<HTMLElement | null>;
  zoom: number;
  onZoomChange: (zoom: number) => void;
  /** Anything that moves the map down the page (edit mode's toolbar): the height is measured again. */
  layoutKey: unknown;
}) {
  const available = useFillHeight(frameRef, layoutKey, isFullScreen, hasBar ? mapBarHeight : 0);
  const width = useFrameWidth(frameRef);
  // No empty band under a plan limited by the width: the map is as tall as the fitted plan, at most the
  // height available. It follows the fit only, never the zoom, so zooming never moves the page.
  const height =
    available === null || width === 0 || isFullScreen
      ? available
      : Math.min(available, Math.ceil(fitPlanHeight(width, available)));
  const size = useMemo<ViewportSize>(
    () => ({ width, height: height === null ? 0 : Math.max(0, height - 2) }),
    [width, height],
  );
  const fit = isFullScreen ? fullScreenFitScale(size) : fitScale(size);
  const scale = zoom * fit;
  const settledScale = useSettled(scale);

  // A zoom asked for at a point: applied to the scroll position once the new scale is laid out.
  const pendingAnchor = useRef<{ anchor: Point; fromScale: number; scroll: Scroll } | null>(null);
  const pendingCentre = useRef<CanvasRect | null>(null);
  const lastScale = useRef(scale);

  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const fromScale = lastScale.current;
    lastScale.current = scale;
    if (!viewport) return;
    const centre = pendingCentre.current;
    if (centre) {
      pendingCentre.current = null;
      pendingAnchor.current = null;
      const next = centreOn(centre, size, scale);
      viewport.scrollTo({ left: next.left, top: next.top });
      return;
    }
    const pending = pendingAnchor.current;
    pendingAnchor.current = null;
    if (fromScale === scale) return;
    // Without a pointer (a resize, a stored zoom), the middle of the viewport stays where it is.
    const anchor = pending?.anchor ?? { x: size.width / 2, y: size.height / 2 };
    const scroll = pending?.scroll ?? { left: viewport.scrollLeft, top: viewport.scrollTop };
    const next = zoomAround(anchor, scroll, size, pending?.fromScale ?? fromScale, scale);
    viewport.scrollLeft = next.left;
    viewport.scrollTop = next.top;
  }, [scale, size, viewportRef]);

  /** Zooms to `next` keeping the viewport point `anchor` (default: the middle) still. */
  const zoomTo = useEffectEvent((next: number, anchor?: Point) => {
    const viewport = viewportRef.current;
    if (!viewport || next === zoom) return;
    pendingAnchor.current = {
      anchor: anchor ?? { x: size.width / 2, y: size.height / 2 },
      fromScale: scale,
      scroll: { left: viewport.scrollLeft, top: viewport.scrollTop },
    };
    onZoomChange(next);
  });

  const zoomIn = useCallback(() => zoomTo(stepZoom(zoom, 1)), [zoom]);
  const zoomOut = useCallback(() => zoomTo(stepZoom(zoom, -1)), [zoom]);
  const fitToScreen = useCallback(() => zoomTo(1), []);

  /** Pans (and, on a tiny fitted scale, zooms in) so a desk is in the middle of the map. */
  const showRect = useCallback(
    (rect: CanvasRect) => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      if (rect.width * scale < 48 && zoom < 2) {
        pendingCentre.current = rect;
        onZoomChange(2);
        return;
      }
      const next = centreOn(rect, size, scale);
      viewport.scrollTo({ left: next.left, top: next.top, behavior: 'smooth' });
    },
    [viewportRef, scale, size, zoom, onZoomChange],
  );

  const wheelRest = useRef(0);
  const onWheel = useEffectEvent((event: WheelEvent) => {
    if (!event.ctrlKey && !event.metaKey) return;
    // The page must not zoom instead (Ctrl+wheel is the browser's own page zoom).
    event.preventDefault();
    const { steps, rest } = wheelSteps(wheelRest.current, event.deltaMode === 1 ? event.deltaY * 40 : event.deltaY);
    wheelRest.current = rest;
    if (steps === 0) return;
    const viewport = viewportRef.current;
    if (!viewport) return;
    const box = viewport.getBoundingClientRect();
    let next = zoom;
    for (let index = 0; index < Math.abs(steps); index++) next = stepZoom(next, steps > 0 ? 1 : -1);
    zoomTo(next, { x: event.clientX - box.left, y: event.clientY - box.top });
  });

  const pinch = useRef<{ startZoom: number; startDistance: number } | null>(null);
  const onTouchStart = useEffectEvent((event: TouchEvent) => {
    if (event.touches.length !== 2) return;
    pinch.current = { startZoom: zoom, startDistance: distance(event.touches[0]!, event.touches[1]!) };
  });
  const onTouchMove = useEffectEvent((event: TouchEvent) => {
    const active = pinch.current;
    if (!active || event.touches.length !== 2) return;
    event.preventDefault();
    const [first, second] = [event.touches[0]!, event.touches[1]!];
    const next = pinchZoom(active.startZoom, active.startDistance, distance(first, second));
    const viewport = viewportRef.current;
    if (!viewport || next === zoom) return;
    const box = viewport.getBoundingClientRect();
    zoomTo(next, {
      x: (first.clientX + second.clientX) / 2 - box.left,
      y: (first.clientY + second.clientY) / 2 - box.top,
    });
  });
  const onTouchEnd = useEffectEvent((event: TouchEvent) => {
    if (event.touches.length < 2) pinch.current = null;
  });

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTextEntry(event.target)) return;
    if (event.key === '+' || event.key === '=') zoomTo(stepZoom(zoom, 1));
    else if (event.key === '-' || event.key === '_') zoomTo(stepZoom(zoom, -1));
    else if (event.key === '0') zoomTo(1);
    else return;
    event.preventDefault();
  });

  useEffect(() => {
    const frame = frameRef.current;
    const viewport = viewportRef.current;
    if (!frame || !viewport) return;
    const wheel = (event: WheelEvent) => onWheel(event);
    const touchStart = (event: TouchEvent) => onTouchStart(event);
    const touchMove = (event: TouchEvent) => onTouchMove(event);
    const touchEnd = (event: TouchEvent) => onTouchEnd(event);
    const keyDown = (event: KeyboardEvent) => onKeyDown(event);
    // Not passive: a zoom gesture must stop the page's own zoom and scroll.
    viewport.addEventListener('wheel', wheel, { passive: false });
    viewport.addEventListener('touchstart', touchStart, { passive: true });
    viewport.addEventListener('touchmove', touchMove, { passive: false });
    viewport.addEventListener('touchend', touchEnd, { passive: true });
    viewport.addEventListener('touchcancel', touchEnd, { passive: true });
    frame.addEventListener('keydown', keyDown);
    return () => {
      viewport.removeEventListener('wheel', wheel);
      viewport.removeEventListener('touchstart', touchStart);
      viewport.removeEventListener('touchmove', touchMove);
      viewport.removeEventListener('touchend', touchEnd);
      viewport.removeEventListener('touchcancel', touchEnd);
      frame.removeEventListener('keydown', keyDown);
    };
  }, [frameRef, viewportRef]);

  return { height, size, scale, settledScale, zoomIn, zoomOut, fitToScreen, showRect };
}
