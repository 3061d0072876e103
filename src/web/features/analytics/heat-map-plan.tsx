import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  type RefObject,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { AnalyticsDesk } from '#domain/analytics.ts';
import { formatShare, heatColour } from '#domain/analytics-view.ts';
import { canvasSize } from '#domain/floor-plan.ts';
import { cn } from '#web/lib/cn.ts';
import type { Desk } from '../desks/index.ts';
// The floor plan's own geometry: desks are placed on the heat map exactly as on the map.
import { tileTransform, toDeskRect } from '../floor-plan/index.ts';
import type { Floor } from '../floors/index.ts';
import { HeatList } from './heat-map-list.tsx';

/**
 * The plan needs this much width for its desks to carry their names: narrower (a phone), the desks are a list of rows
 * instead, each name in full over its bar, and nothing scrolls sideways (issue 27).
 */
const minimumWidth = 640;

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** "D04: 63% used", or that it could not be used in the range (made since, or out of service and unbooked). */
export function heatTileName(desk: Pick<Desk, 'name'>, use: AnalyticsDesk | undefined): string {
  if (!use || use.days === 0) return `${desk.name}: not in use in this range`;
  return `${desk.name}: ${formatShare(use.utilization)} used`;
}

const HeatTile = memo(function HeatTile({
  desk,
  use,
  scale,
  isActive,
  onPoint,
}: {
  desk: Desk;
  use: AnalyticsDesk | undefined;
  scale: number;
  /** The desk the arrow keys are on: ringed, its full name under the plan. */
  isActive: boolean;
  onPoint: (deskId: string | null) => void;
}) {
  const rect = toDeskRect(desk);
  const isUsable = use !== undefined && use.days > 0;
  const colour = heatColour(isUsable ? use.utilization : 0);
  // What fits, in screen pixels: the name over the share, the share alone ("100%" in bold is about 2.8 em wide, with
  // its padding and border 3.4), or only the colour on a tile too small for 8 px text.
  const screenWidth = rect.width * scale;
  const screenHeight = rect.height * scale;
  const textPx = Math.min(13, (screenWidth - 3) / 3.4, screenHeight / 1.4);
  const detail = textPx < 8 ? 'none' : screenHeight >= 2.6 * textPx + 4 ? 'full' : 'share';
  // The name wraps onto the lines left above the share, rather than being cut to "Wind…"; what still does not fit
  // is in the tile's tooltip and its accessible name, and in full in the rankings beside the plan.
  const nameLines = Math.max(1, Math.floor((screenHeight - 1.3 * textPx - 4) / (1.2 * textPx)));
  const style: CSSProperties = {
    width: rect.width,
    height: rect.height,
    transform: tileTransform(rect.x, rect.y, rect.rotation),
    background: isUsable ? colour.background : 'repeating-linear-gradient(-45deg, #e2e8f0 0 6px, #f8fafc 6px 12px)',
    color: isUsable ? colour.text : '#0f172a',
    fontSize: Math.max(textPx, 8) / scale,
    borderWidth: 1 / scale,
    outline: isActive ? `${2 / scale}px solid #0f172a` : undefined,
    outlineOffset: 1 / scale,
  };
  return (
    <div
      role="img"
      id={tileId(desk.id)}
      aria-label={heatTileName(desk, use)}
      data-desk-id={desk.id}
      onMouseEnter={() => onPoint(desk.id)}
      onMouseLeave={() => onPoint(null)}
      className="absolute top-0 left-0 flex origin-top-left flex-col items-center justify-center overflow-hidden rounded-md border-slate-400 text-center leading-tight"
      style={style}
    >
      {detail === 'full' && (
        <span
          className="max-w-full overflow-hidden px-[0.15em] font-medium [overflow-wrap:anywhere]"
          style={{ display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: nameLines }}
        >
          {desk.name}
        </span>
      )}
      {detail !== 'none' && (
        <span className="max-w-full truncate px-[0.15em] font-bold tabular-nums">
          {isUsable ? formatShare(use.utilization) : '—'}
        </span>
      )}
    </div>
  );
});

const tileId = (deskId: string) => `heat-tile-${deskId}`;

const nextKeys: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

function Plan({
  floor,
  imageUrl,
  desks,
  useById,
}: {
  floor: Floor;
  imageUrl: string | null;
  desks: readonly Desk[];
  useById: ReadonlyMap<string, AnalyticsDesk>;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useWidth(boxRef);
  const scale = width / canvasSize.width;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  // A name that does not fit its tile is read in full under the plan: for the desk pointed at, or the one the arrow
  // keys are on once the plan has the focus (one tab stop however many desks, aria-activedescendant naming it).
  const [pointedId, setPointedId] = useState<string | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const byName = useMemo(
    () => [...desks].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true })),
    [desks],
  );
  const shown = desks.find((desk) => desk.id === (pointedId ?? activeId));
  const moveActive = (event: KeyboardEvent) => {
    const index = byName.findIndex((desk) => desk.id === activeId);
    let next: number | undefined;
    if (event.key in nextKeys)
      next = index === -1 ? 0 : (index + (nextKeys[event.key] ?? 0) + byName.length) % byName.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = byName.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    setActiveId(byName[next]?.id ?? null);
  };
  return (
    <section aria-label={`Heat map of ${floor.name}`} className="grid gap-2 rounded-xl">
      <div
        ref={boxRef}
        className="relative overflow-hidden rounded-xl border border-slate-200 bg-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
        style={{ aspectRatio: `${canvasSize.width} / ${canvasSize.height}` }}
      >
        {width > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: the desks are placed absolutely on the plan, not laid out as a fieldset
          <div
            role="group"
            aria-label={`Desks on ${floor.name} by use`}
            aria-describedby={`${tileId('keys')}-${floor.id}`}
            aria-activedescendant={activeId ? tileId(activeId) : undefined}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: one stop for the plan; the arrow keys go from desk to desk
            tabIndex={0}
            onKeyDown={moveActive}
            onFocus={() => setActiveId((current) => current ?? byName[0]?.id ?? null)}
            onBlur={() => setActiveId(null)}
            className="absolute top-0 left-0 origin-top-left outline-none"
            style={{ width: canvasSize.width, height: canvasSize.height, transform: `scale(${scale})` }}
          >
            {imageUrl !== null && imageUrl !== failedUrl && (
              <img
                src={imageUrl}
                alt=""
                draggable={false}
                className="pointer-events-none absolute inset-0 size-full object-contain select-none"
                onError={() => setFailedUrl(imageUrl)}
              />
            )}
            {desks.map((desk) => (
              <HeatTile
                key={desk.id}
                desk={desk}
                use={useById.get(desk.id)}
                scale={scale}
                isActive={desk.id === activeId}
                onPoint={setPointedId}
              />
            ))}
          </div>
        )}
      </div>
      <p className={cn('min-h-5 text-sm', shown ? 'text-slate-900' : 'text-slate-600')} aria-hidden="true">
        {shown
          ? heatTileName(shown, useById.get(shown.id))
          : 'Point at a desk, or focus the plan and use the arrow keys, to read its full name.'}
      </p>
      <p id={`${tileId('keys')}-${floor.id}`} className="sr-only">
        Arrow keys go from desk to desk.
      </p>
    </section>
  );
}

/** The plan where it has room for its desks' names, else the desks as a list of rows. */
export function HeatMapPlan(props: {
  floor: Floor;
  imageUrl: string | null;
  desks: readonly Desk[];
  useById: ReadonlyMap<string, AnalyticsDesk>;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useWidth(boxRef);
  return (
    <div ref={boxRef} className="min-w-0">
      {width === 0 ? null : width < minimumWidth ? (
        <HeatList floor={props.floor} desks={props.desks} useById={props.useById} />
      ) : (
        <Plan {...props} />
      )}
    </div>
  );
}
