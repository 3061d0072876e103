import { useEffect, useState } from 'react';

/**
 * The clock, renewed as each minute begins: what depends on the time of day (the list's "free now", a check-in window
 * opening or closing, "17:42 now" beside a zone) moves on while a screen stays open, never a minute behind.
 */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), 60_000 - (now.getTime() % 60_000) + 50);
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}
