import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { api, APP_VERSION, checkoutPath, deviceId, loadSession, sessionAtom } from '@sawari/runtime';
import type { JourneyOrder } from '@sawari/contracts';
import { formatPaise } from '@sawari/domain';
import { Button } from '@sawari/ui';
import type { Itinerary } from '../common/transit';
import { useItineraryFare } from './Fare';
import { fareLegs } from './plan';
import styles from '../common/tracking.module.css';

/** A new idempotency key (crypto.randomUUID where there is one). */
const newKey = () => globalThis.crypto?.randomUUID?.() ?? `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/**
 * "Buy tickets for this journey · ₹N": every bus of a planned journey in one order (POST /api/tickets/v1/journeys, one
 * adult, the fare shown), then the shell's checkout for it (order kind `journey`): one payment, a ticket per bus in
 * the wallet (`fallback`, the separate tickets, when the journey has no fare). One idempotency key per itinerary, so a double tap or a retry after a lost answer makes one order.
 */
export function BuyJourney({ city, it, fallback }: { city: string; it: Pick<Itinerary, 'legs'>; fallback: ReactNode }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const fare = useItineraryFare(city, it);
  const legs = fareLegs(it);
  const legsKey = JSON.stringify(legs);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const key = useMemo(newKey, [city, legsKey]);
  const signedIn = !!useAtomValue(sessionAtom).accessToken;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void loadSession();
  }, []);
  if (fare.status === 'none') return <>{fallback}</>;
  if (fare.status !== 'ready') return null;
  const buy = async () => {
    const here = `${window.location.pathname.replace(/^\/app/, '')}${window.location.search}`;
    if (!signedIn) return navigate(`/login/${encodeURIComponent(here)}`);
    setBusy(true);
    setError(null);
    try {
      const order = await api.post<JourneyOrder>(
        '/tickets/v1/journeys',
        { city, legs, passengers: { adult: 1, child: 0, senior: 0 }, farePaise: fare.paise, deviceId: deviceId(), appVer: APP_VERSION },
        { extraHeaders: { 'idempotency-key': key } },
      );
      // the checkout's agency (its payment methods): the first bus's
      navigate(checkoutPath(order.legs[0]?.agency ?? city, 'journey', order.orderId));
    } catch (err) {
      setError((err as { message?: string }).message || t('trip.buyJourneyFailed'));
      setBusy(false);
    }
  };
  return (
    <div className={styles.actions}>
      <Button onClick={() => void buy()} disabled={busy} aria-describedby="journey-buy-note">
        {busy ? t('trip.buyJourneyBusy') : t('trip.buyJourney', { amount: formatPaise(fare.paise) })}
      </Button>
      <span id="journey-buy-note" className={styles.hint}>
        {t('trip.buyJourneyNote')}
      </span>
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
