import { useEffect, useState } from 'react';
import { AIRPORT_CLOCK_REFRESH_MS } from '@sawari/domain';

/** Re-renders at every minute boundary (spec §9: the clock refreshes every minute) and answers Date.now(). */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const t = Date.now();
      timer = setTimeout(
        () => {
          setNow(Date.now());
          schedule();
        },
        AIRPORT_CLOCK_REFRESH_MS - (t % AIRPORT_CLOCK_REFRESH_MS) + 5,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
