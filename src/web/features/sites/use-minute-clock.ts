import { useEffect, useState } from 'react';

/** Now, renewed as each minute begins: for "17:42 now" beside a zone, which should not lag a minute behind. */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), 60_000 - (now.getTime() % 60_000) + 50);
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}
