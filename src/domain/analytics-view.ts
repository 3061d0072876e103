import { type Analytics, type AnalyticsDay, type AnalyticsDesk, analyticsQuerySchema } from './analytics.ts';
import { type AnalyticsPreset, analyticsPresets, presetRange } from './analytics-dates.ts';
import { type ReadWindow, readDateProblem } from './horizon.ts';

// How the Analytics screen (web/features/analytics) words and draws the figures of an analytics read: pure, so the
// browser and its tests agree on every sentence and colour.

/** "42%": how the screen writes a fraction. */
export function formatShare(value: number): string {
  return `${Math.round(value * 100)}%`;
}

const shortDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/**
 * "dates in Asia/Tokyo" for one site's figures (or sites sharing a zone); "each site's own dates" when the sites
 * counted differ, each on its own calendar (issue 28).
 */
export function describeDatesZone(timeZone: string | null): string {
  return timeZone ? `dates in ${timeZone}` : 'each site’s own dates';
}

/** "Mon 23 Nov": a date on a chart's axis and in its summaries. */
export function formatShortDate(date: string): string {
  return shortDate.format(new Date(`${date}T00:00:00Z`));
}

/** "Mon 27 Oct – Fri 21 Nov 2026": a range as the screen names it, the year once unless it changes. */
export function formatRange(startDate: string, endDate: string): string {
  const endYear = endDate.slice(0, 4);
  if (startDate === endDate) return `${formatShortDate(endDate)} ${endYear}`;
  const startYear = startDate.slice(0, 4);
  const start = formatShortDate(startDate) + (startYear === endYear ? '' : ` ${startYear}`);
  return `${start} – ${formatShortDate(endDate)} ${endYear}`;
}

const oneDecimal = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "3.5": an average number of people. */
export function formatPeople(value: number): string {
  return oneDecimal.format(value);
}

/** "On the day", "1 day", "2.5 days": the median notice people give; null when nobody booked. */
export function formatLeadDays(days: number | null): string {
  if (days === null) return '—';
  if (days === 0) return 'On the day';
  const number = Number.isInteger(days) ? String(days) : oneDecimal.format(days);
  return `${number} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * Why a range cannot be asked for, in the server's own sentences (analyticsMessages, and the read window's with the
 * field named as the server names it), or undefined when it can.
 */
export function rangeProblem(range: { startDate: string; endDate: string }, readable?: ReadWindow): string | undefined {
  const parsed = analyticsQuerySchema.safeParse({ startDate: range.startDate, endDate: range.endDate });
  if (!parsed.success) return parsed.error.issues[0]?.message;
  if (!readable) return undefined;
  for (const field of ['startDate', 'endDate'] as const) {
    const problem = readDateProblem(range[field], readable);
    if (problem) return `${problem} (${field})`;
  }
  return undefined;
}

/** The preset whose dates these are on `today`, or null for a range of one's own. */
export function presetOf(range: { startDate: string; endDate: string }, today: string): AnalyticsPreset | null {
  return (
    analyticsPresets.find((preset) => {
      const dates = presetRange(preset, today);
      return dates.startDate === range.startDate && dates.endDate === range.endDate;
    }) ?? null
  );
}

/** Reality (booked against checked in) is shown when check-in is required now, or when there is any check-in data. */
export function hasReality(analytics: Pick<Analytics, 'checkInRequired' | 'summary'>): boolean {
  const { checkedIn, noShows, walkIns } = analytics.summary;
  return analytics.checkInRequired || checkedIn + noShows + walkIns > 0;
}

/** What a chart of day utilization shows, in one sentence: its accessible name. */
export function describeUtilization(days: readonly AnalyticsDay[], average: number): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'Utilization per day: no days in this range.';
  let highest = first;
  let lowest = first;
  for (const day of days) {
    if (day.utilization > highest.utilization) highest = day;
    if (day.utilization < lowest.utilization) lowest = day;
  }
  const span =
    first === last ? formatShortDate(first.date) : `${formatShortDate(first.date)} to ${formatShortDate(last.date)}`;
  return (
    `Utilization per day, ${days.length} ${days.length === 1 ? 'day' : 'days'} from ${span}: ` +
    `average ${formatShare(average)}, highest ${formatShare(highest.utilization)} on ${formatShortDate(highest.date)}, ` +
    `lowest ${formatShare(lowest.utilization)} on ${formatShortDate(lowest.date)}.`
  );
}

// Desks, most used first.

export type DeskOrder = 'most-used' | 'least-used' | 'name';

const byName = (a: AnalyticsDesk, b: AnalyticsDesk) =>
  a.floorName.localeCompare(b.floorName, 'en', { numeric: true, sensitivity: 'base' }) ||
  a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' }) ||
  a.deskId.localeCompare(b.deskId);

/** The desks in an order; ties of utilization go by floor and name (D2 before D10). */
export function sortDesks(desks: readonly AnalyticsDesk[], order: DeskOrder): AnalyticsDesk[] {
  const sorted = [...desks];
  if (order === 'name') return sorted.sort(byName);
  const sign = order === 'most-used' ? -1 : 1;
  return sorted.sort((a, b) => sign * (a.utilization - b.utilization) || byName(a, b));
}

/**
 * The `count` most used and `count` least used desks of those that could be used in the range, no desk in both
 * lists: with fewer than twice `count` desks, the busier half (one more when odd) is the most used.
 */
export function mostAndLeastUsed(
  desks: readonly AnalyticsDesk[],
  count = 5,
): { most: AnalyticsDesk[]; least: AnalyticsDesk[] } {
  const usable = desks.filter((desk) => desk.days > 0);
  const most = sortDesks(usable, 'most-used').slice(0, Math.min(count, Math.ceil(usable.length / 2)));
  const taken = new Set(most.map((desk) => desk.deskId));
  const least = sortDesks(
    usable.filter((desk) => !taken.has(desk.deskId)),
    'least-used',
  ).slice(0, count);
  return { most, least };
}

// The heat map's colours: slate-100 for an unused desk through brand-200 and brand-500 to brand-800 for a full one.

const heatStops: ReadonlyArray<readonly [number, readonly [number, number, number]]> = [
  [0, [0xf1, 0xf5, 0xf9]],
  [0.35, [0xc7, 0xd2, 0xfe]],
  [0.7, [0x63, 0x66, 0xf1]],
  [1, [0x37, 0x30, 0xa3]],
];

const hex = (channels: readonly number[]) =>
  `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

function relativeLuminance(colour: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(colour.slice(start, start + 2), 16) / 255);
  const [red = 0, green = 0, blue = 0] = channels.map((value) =>
    value <= 0.039_28 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG's contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/**
 * A desk's tile colour for its utilization (0 to 1) and the text drawn on it: black or white, whichever contrasts
 * more; one of the two always reaches 4.5:1 (against slate-950 or a tinted white, some middle shades would not).
 */
export function heatColour(utilization: number): { background: string; text: '#000000' | '#ffffff' } {
  const value = Math.min(1, Math.max(0, Number.isFinite(utilization) ? utilization : 0));
  let background = hex(heatStops[0]?.[1] ?? [0, 0, 0]);
  for (let index = 1; index < heatStops.length; index += 1) {
    const [fromAt, from] = heatStops[index - 1] ?? [0, [0, 0, 0]];
    const [toAt, to] = heatStops[index] ?? [1, [0, 0, 0]];
    if (value > toAt) continue;
    const t = (value - fromAt) / (toAt - fromAt);
    background = hex(from.map((channel, at) => channel + ((to[at] ?? 0) - channel) * t));
    break;
  }
  const text = contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
  return { background, text };
}

/** The legend's gradient: the same stops as heatColour. */
export const heatGradient = `linear-gradient(to right, ${heatStops.map(([at, colour]) => `${hex(colour)} ${at * 100}%`).join(', ')})`;
