import { zoneOffsetAt } from '#domain/calendar.ts';
import { localClock, zonePlaceName } from '#domain/sites.ts';
import { foldForSearch, searchWordsOf } from '#domain/text.ts';
import type { ComboboxOption } from '#web/components/ui/combobox.tsx';

/** Every IANA zone the browser knows, UTC first (Intl.supportedValuesOf lists the canonical zones, without UTC). */
export function allTimeZones(): string[] {
  let known: string[] = [];
  try {
    known = Intl.supportedValuesOf('timeZone');
  } catch {
    known = [];
  }
  return ['UTC', ...known.filter((zone) => zone !== 'UTC').sort()];
}

/** "UTC+09:00", "UTC−05:00", "UTC+05:45", "UTC±00:00": how far a zone's clock is from UTC at an instant. */
export function utcOffsetLabel(timeZone: string, now: Date): string {
  const minutes = Math.round(zoneOffsetAt(now.getTime(), timeZone) / 60_000);
  if (minutes === 0) return 'UTC±00:00';
  const sign = minutes > 0 ? '+' : '−';
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  return `UTC${sign}${hours}:${String(absolute % 60).padStart(2, '0')}`;
}

/** "17:42 now": the zone's wall clock at an instant. */
export function localTimeNow(timeZone: string, now: Date): string {
  return `${localClock(now, timeZone).time} now`;
}

export interface TimeZoneOption extends ComboboxOption {
  /** The zone's name folded for search, its parts as words: "asia tokyo", "america argentina buenos aires". */
  searchText: string;
  /** Its city, folded: "new york". */
  cityText: string;
}

/** Folded, with slashes, underscores and hyphens as spaces: "America/New_York" and "new york" read the same. */
const searchable = (text: string) => foldForSearch(text.replaceAll(/[/_-]/g, ' ')).replaceAll(/\s+/g, ' ').trim();

/** A zone as the picker lists it: its IANA name, and under it its local time and UTC offset right now. */
export function timeZoneOption(timeZone: string, now: Date): TimeZoneOption {
  return {
    value: timeZone,
    label: timeZone,
    detail: `${localTimeNow(timeZone, now)} · ${utcOffsetLabel(timeZone, now)}`,
    searchText: searchable(timeZone),
    cityText: searchable(zonePlaceName(timeZone)),
  };
}

/**
 * The zones a query finds: every word of it begins a word of the zone's name ("new york", "new_york" and "america
 * new" all find America/New_York; "tokyo" finds Asia/Tokyo). Zones whose city begins with the query come first, then
 * the rest in the list's order: "am" lists Asia/Amman and Europe/Amsterdam before every America/….
 */
export function searchTimeZones(options: readonly TimeZoneOption[], query: string): TimeZoneOption[] {
  const words = searchWordsOf(searchable(query));
  if (words.length === 0) return [...options];
  const phrase = words.join(' ');
  const matches = options.filter((option) => {
    const zoneWords = option.searchText.split(' ');
    return words.every((word) => zoneWords.some((zoneWord) => zoneWord.startsWith(word)));
  });
  const cityStarts = (option: TimeZoneOption) => option.cityText.startsWith(phrase);
  return [...matches.filter(cityStarts), ...matches.filter((option) => !cityStarts(option))];
}
