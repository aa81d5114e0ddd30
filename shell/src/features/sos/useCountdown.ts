import { useEffect, useState } from 'react';
import { serverNow } from '@sawari/runtime';

/** Milliseconds left until `until` (server clock), ticking every second; 0 once passed or without a target. */
export function useCountdown(until: number | null): number {
  const [left, setLeft] = useState(() => (until ? Math.max(0, until - serverNow()) : 0));
  useEffect(() => {
    if (!until) return setLeft(0);
    const tick = () => setLeft(Math.max(0, until - serverNow()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}
