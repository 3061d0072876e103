import { useMemo } from 'react';
import { Combobox } from '#web/components/ui/combobox.tsx';
import { useMinuteClock } from '#web/lib/use-minute-clock.ts';
import { allTimeZones, searchTimeZones, type TimeZoneOption, timeZoneOption } from './time-zone-options.ts';

/**
 * A searchable list of every IANA time zone and UTC (issue 28): type a city or a region ("tokyo", "new york"), each
 * option showing its local time and UTC offset right now. A zone is always chosen: Escape puts back the one the field
 * had, never nothing.
 */
export function TimeZonePicker({
  id,
  value,
  onChange,
  describedBy,
  disabled,
}: {
  /** The field's id, for its label's htmlFor. */
  id: string;
  value: string;
  onChange: (timeZone: string) => void;
  describedBy?: string;
  disabled?: boolean;
}) {
  const minute = Math.floor(useMinuteClock().getTime() / 60_000);
  // The zones' clocks are read once a minute, not on each key press: about 420 zones.
  const options = useMemo<TimeZoneOption[]>(() => {
    const now = new Date(minute * 60_000);
    // The chosen zone first: the list shows 50 of about 420 at once, and it should be among them when it opens. It is
    // also how a zone the browser's list lacks (an alias such as Asia/Calcutta, kept by a site) stays choosable.
    const zones = [value, ...allTimeZones().filter((zone) => zone !== value)];
    return zones.map((zone) => timeZoneOption(zone, now));
  }, [minute, value]);
  return (
    <Combobox
      id={id}
      options={options}
      search={(query) => searchTimeZones(options, query)}
      value={value}
      onChange={(zone) => zone && onChange(zone)}
      clearedValue={value}
      placeholder="Type a city or region, such as Tokyo"
      describedBy={describedBy}
      disabled={disabled}
      countLabel={(count) => (count === 1 ? '1 time zone matches' : `${count.toLocaleString('en')} time zones match`)}
      emptyText="No time zone matches: try a city in the same zone, such as Tokyo or New York"
    />
  );
}
