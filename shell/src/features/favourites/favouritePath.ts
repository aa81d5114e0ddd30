// Where a saved favourite opens: a stop its arrivals (mf-tracking's all-buses screen, the same
// link its own landing screen makes), a route its route map. A trip has no screen of its own yet: null.
import type { Favourite } from '@sawari/contracts';

const seg = (s: string) => encodeURIComponent(s);

export function favouritePath(f: Pick<Favourite, 'kind' | 'refId' | 'label'>): string | null {
  if (!f.refId) return null;
  if (f.kind === 'stop') return `/nearest-bus-stop/all-buses/${seg(f.refId)}/${seg(f.label)}/-`;
  if (f.kind === 'route') return `/live-tracking/route-map/${seg(f.refId)}`;
  return null;
}
