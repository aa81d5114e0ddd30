import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { newOrderKey } from '../common/api';
import { useFlow } from '../common/flow';
import { quoteKey } from '../common/model';
import { paths } from '../common/ui';
import { missingStep } from './buy-model';

/** Sends the rider back to the first step the flow is missing (buy-model missingStep); true when the screen can show. */
export function useFlowGuard(city: string, need: 'stops' | 'quote' | 'details'): boolean {
  const [flow] = useFlow();
  const navigate = useNavigate();
  const step = missingStep(flow, city, need, quoteKey(flow));
  const missing = step ? paths[step] : null;
  useEffect(() => {
    if (missing) navigate(missing, { replace: true });
  }, [missing, navigate]);
  return missing === null;
}

/** A fresh order key whenever `what` (the ride being ordered) changes; the same key while it stays. */
export function useKeyFor(what: string): string {
  const ref = useRef<{ what: string; key: string } | null>(null);
  if (!ref.current || ref.current.what !== what) ref.current = { what, key: newOrderKey() };
  return ref.current.key;
}
