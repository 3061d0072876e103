import { useEffect, useState } from 'react';

/**
 * The clock, once a minute: what depends on the time of day (the list's "free now", a check-in window opening or
 * closing) moves on while a screen stays open.
 */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
