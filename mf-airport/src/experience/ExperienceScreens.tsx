// The airport rider screens (/airport-experience...): the airport express from the rider's side. A lazily loaded chunk
// of mf-airport that a board never downloads (the boards' root imports it only for these routes). mf-airport has no
// react-router (the boards' budget), so these screens link with single-spa's navigateToUrl and read the query string
// themselves. Booking continues in mf-premium's fare, hold and checkout steps (/premium-buses/fare-details).
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { navigateToUrl } from 'single-spa';
import type { ReservationLine, StopPair, TripSlot } from '@sawari/contracts';
import { AIRPORT_TIMINGS_REFRESH_MS, formatCityTime, formatPaise, MAX_SEATS_PER_BOOKING } from '@sawari/domain';
import { cityAtom, loadSession, SawariIntlProvider, sessionAtom, sessionLoadedAtom, useCityConfig } from '@sawari/runtime';
import { SlotList } from '@sawari/ui/src/slot-list';
import { RouteBadge } from '@sawari/ui/src/route-badge';
import { ListSkeleton, LoadError, NotFoundScreen } from '@sawari/ui/src/intl';
import { useAsync } from '@sawari/ui/src/async';
import styles from '@sawari/ui/src/rider.module.css';
import type { ScreenProps } from '../screen';
import { loadAirportDays, loadAirportLines, loadAirportPairs, loadAirportSlots } from './api';
import { EXPERIENCE_CATALOG } from './i18n/catalogs';
import own from './experience.module.css';

const go = (path: string) => navigateToUrl(`/app${path}`);
const linkTo = (path: string) => ({
  href: `/app${path}`,
  onClick: (e: { preventDefault(): void; metaKey?: boolean; ctrlKey?: boolean }) => {
    if (e.metaKey || e.ctrlKey) return;
    e.preventDefault();
    go(path);
  },
});
const useT = () => {
  const intl = useIntl();
  return useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
};
const useTime = () => {
  const { locale } = useIntl();
  return useCallback((ms: number) => formatCityTime(ms, locale), [locale]);
};

/** The frame: the catalog, one h1 that takes the focus, the signed-in gate (the API needs a rider). */
function Frame({ heading, back, children }: { heading: string; back?: { path: string; label: string }; children: ReactNode }) {
  return (
    <SawariIntlProvider remote={EXPERIENCE_CATALOG} fallback={null}>
      <FrameInner heading={heading} back={back}>
        {children}
      </FrameInner>
    </SawariIntlProvider>
  );
}

function FrameInner({ heading, back, children }: { heading: string; back?: { path: string; label: string }; children: ReactNode }) {
  const t = useT();
  const loaded = useAtomValue(sessionLoadedAtom);
  const signedIn = !!useAtomValue(sessionAtom).accessToken;
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    if (loaded && !signedIn) go(`/login/${encodeURIComponent(location.pathname.replace(/^\/app/, '') + location.search)}`);
  }, [loaded, signedIn]);
  return (
    <section className={`${styles.page} ${own.page}`} aria-labelledby="experience-h1">
      {back && (
        <a className={styles.back} {...linkTo(back.path)}>
          ← {t(back.label)}
        </a>
      )}
      <h1 id="experience-h1" tabIndex={-1}>
        {t(heading)}
      </h1>
      {loaded && signedIn ? children : loaded ? <p role="status">{t('common.signIn')}</p> : <ListSkeleton />}
    </section>
  );
}

/** Which city: the route's, else the rider's; airport trips only where the city has the airport feature. */
function useAirportCity(param: string | undefined): { city: string | null; name: string; ok: boolean; loading: boolean } {
  const chosen = useAtomValue(cityAtom);
  const { city, status } = useCityConfig();
  const id = param ?? chosen ?? null;
  if (!id) return { city: null, name: '', ok: false, loading: false };
  if (param && param !== chosen) return { city: param, name: param, ok: true, loading: false };
  if (!city) return { city: id, name: id, ok: false, loading: status === 'loading' || status === 'idle' };
  return { city: id, name: city.name, ok: city.features.airport === true && city.features.premium === true, loading: false };
}

// ── /airport-experience and /airport-experience/:city ──────────────────────────────────────────────────────────────

export function ExperienceScreen({ params }: ScreenProps) {
  return (
    <Frame heading="experience.heading">
      <Experience cityParam={params.city} />
    </Frame>
  );
}

function Experience({ cityParam }: { cityParam?: string }) {
  const t = useT();
  const c = useAirportCity(cityParam);
  if (c.loading) return <ListSkeleton />;
  if (!c.city || !c.ok)
    return (
      <div className={styles.warn}>
        <p>{t('experience.noAirport')}</p>
        <p className={styles.actions}>
          <a {...linkTo('/airport-experience/mumbai')}>{t('experience.mumbai')}</a>
          <a href="/app/change-city">{t('experience.changeCity')}</a>
        </p>
      </div>
    );
  return <AirportLines city={c.city} />;
}

function AirportLines({ city }: { city: string }) {
  const t = useT();
  const pairs = useAsync(() => loadAirportPairs(city), city);
  if (pairs.status === 'loading') return <ListSkeleton />;
  if (pairs.status === 'error') return <LoadError error={pairs.error} onRetry={pairs.retry} />;
  if (!pairs.data.length) return <p className={styles.empty}>{t('experience.none')}</p>;
  const byLine = new Map<string, StopPair[]>();
  for (const p of pairs.data) byLine.set(p.line.id, [...(byLine.get(p.line.id) ?? []), p]);
  return (
    <>
      <p className={styles.intro}>{t('experience.intro')}</p>
      <p className={styles.actions}>
        <a className={styles.linkSecondary} {...linkTo('/airport-experience/eta/from-airport')}>
          {t('eta.from.link')}
        </a>
        <a className={styles.linkSecondary} {...linkTo('/airport-experience/eta/to-airport')}>
          {t('eta.to.link')}
        </a>
      </p>
      <h2>{t('experience.book')}</h2>
      <ul className={styles.cards}>
        {[...byLine.values()].map((list) => {
          const line = list[0].line;
          const last = list.reduce((a, b) => (b.to.offsetMin > a.to.offsetMin ? b : a));
          return (
            <li key={line.id} className={styles.card}>
              <div className={styles.cardHead}>
                <h3>
                  <RouteBadge shortName={line.code} color={line.color} textColor={line.textColor} /> · {line.name}
                </h3>
                <span className={styles.price}>{formatPaise(last.fares.adult ?? 0)}</span>
              </div>
              <p className={styles.small}>{t('experience.stops', { stops: line.stops.map((s) => s.name).join(' → ') })}</p>
              <a className={styles.linkButton} {...linkTo(slotsPath(line, last))} aria-label={t('experience.chooseTo', { to: last.to.name, code: line.code })}>
                {t('experience.choose')}
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}

const slotsPath = (line: ReservationLine, p: StopPair) =>
  `/airport-experience/select-slots?lineId=${encodeURIComponent(line.id)}&fromStopId=${encodeURIComponent(p.from.stopId)}&toStopId=${encodeURIComponent(p.to.stopId)}`;

// ── /airport-experience/eta/:type (next departures from / to the airport, live) ────────────────────────────────────

export function EtaScreen({ params }: ScreenProps) {
  const type = params.type === 'to-airport' ? 'to' : params.type === 'from-airport' ? 'from' : null;
  return (
    <Frame heading={type === 'to' ? 'eta.to.heading' : 'eta.from.heading'} back={{ path: '/airport-experience', label: 'experience.heading' }}>
      {type ? <Eta type={type} /> : <UnknownType />}
    </Frame>
  );
}

function UnknownType() {
  const t = useT();
  return (
    <p className={styles.empty}>
      {t('eta.unknown')} <a {...linkTo('/airport-experience/eta/from-airport')}>{t('eta.from.link')}</a>
    </p>
  );
}

type Departure = { line: ReservationLine; slot: TripSlot; from: string; to: string };

/** The next departure of each airport line today, refreshed every 30 s (as the boards are). */
function Eta({ type }: { type: 'from' | 'to' }) {
  const t = useT();
  const time = useTime();
  const c = useAirportCity(undefined);
  const city = c.city ?? 'mumbai';
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), AIRPORT_TIMINGS_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const data = useAsync(
    () =>
      loadAirportPairs(city).then(async (pairs) => {
        // from the airport: each line's terminal to its last stop; to the airport: each line from its first stop to the
        // terminal it ends at (Kharghar and Thane to T1/T2)
        const chosen = new Map<string, StopPair>();
        const terminal = (stopId: string) => /^T\d-BAY$/.test(stopId);
        for (const p of pairs) {
          const first = p.from.stopId === p.line.stops[0].stopId;
          const fromAirport = first && terminal(p.from.stopId);
          const toAirport = first && terminal(p.to.stopId);
          if ((type === 'from' ? fromAirport : toAirport) && (!chosen.get(p.line.id) || p.to.offsetMin > chosen.get(p.line.id)!.to.offsetMin))
            chosen.set(p.line.id, p);
        }
        const out: Departure[] = [];
        for (const p of chosen.values()) {
          const s = await loadAirportSlots(city, { lineId: p.line.id, fromStopId: p.from.stopId, toStopId: p.to.stopId });
          const next = s.slots.find((x) => x.status === 'PLANNED');
          if (next) out.push({ line: p.line, slot: next, from: p.from.name, to: p.to.name });
        }
        return out.sort((a, b) => a.slot.startTime - b.slot.startTime);
      }),
    `${city}:${type}:${tick}`,
  );
  if (data.status === 'loading' && tick === 0) return <ListSkeleton />;
  if (data.status === 'error') return <LoadError error={data.error} onRetry={data.retry} />;
  const list = data.data ?? [];
  return (
    <>
      <p className={styles.hint}>{t('eta.refresh')}</p>
      {list.length === 0 ? (
        <p className={styles.empty}>{t(type === 'to' ? 'eta.to.none' : 'eta.from.none')}</p>
      ) : (
        <table className={styles.breakup}>
          <caption className={styles.srOnly}>{t(type === 'to' ? 'eta.to.heading' : 'eta.from.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('eta.route')}</th>
              <th scope="col">{t('eta.leaves')}</th>
              <th scope="col">{t('eta.seats')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((d) => (
              <tr key={d.slot.tripId}>
                <th scope="row">
                  <RouteBadge shortName={d.line.code} color={d.line.color} textColor={d.line.textColor} /> {type === 'to' ? `${d.from} → ${d.to}` : `→ ${d.to}`}
                </th>
                <td>{time(d.slot.startTime)}</td>
                <td>{d.slot.availability === 'SOLD_OUT' ? t('eta.soldOut') : t('eta.left', { n: d.slot.seatsLeft })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

// ── /airport-experience/select-slots?lineId=&fromStopId=&toStopId= ─────────────────────────────────────────────────

export function SelectSlotsScreen() {
  return (
    <Frame heading="slots.heading" back={{ path: '/airport-experience', label: 'experience.heading' }}>
      <SelectSlots />
    </Frame>
  );
}

function SelectSlots() {
  const t = useT();
  const time = useTime();
  const q = new URLSearchParams(location.search);
  const lineId = q.get('lineId') ?? '';
  const fromStopId = q.get('fromStopId') ?? '';
  const toStopId = q.get('toStopId') ?? '';
  const c = useAirportCity(undefined);
  const city = c.city && c.ok ? c.city : 'mumbai';
  const [day, setDay] = useState<string | undefined>(undefined);
  const [passengers, setPassengers] = useState(1);
  const days = useAsync(() => loadAirportDays(city, lineId), `${city}:${lineId}`);
  const date = day ?? (days.status === 'ready' ? days.data[0] : undefined);
  const slots = useAsync(
    days.status === 'ready' ? () => loadAirportSlots(city, { lineId, fromStopId, toStopId, date }) : null,
    `${lineId}:${fromStopId}:${toStopId}:${date}`,
  );
  if (days.status === 'error') return <LoadError error={days.error} onRetry={days.retry} />;
  if (slots.status === 'error') return <LoadError error={slots.error} onRetry={slots.retry} />;
  if (slots.status === 'loading') return <ListSkeleton />;
  const s = slots.data;
  const choose = (tripId: string) =>
    go(
      `/premium-buses/fare-details?tripId=${encodeURIComponent(tripId)}&fromStopId=${encodeURIComponent(fromStopId)}&toStopId=${encodeURIComponent(toStopId)}&adult=${passengers}&child=0&senior=0`,
    );
  return (
    <>
      <p className={styles.intro}>
        {s.line.code} · {s.line.name}
      </p>
      <div className={styles.field}>
        <label htmlFor="exp-day">{t('slots.day')}</label>
        <select id="exp-day" className={styles.input} value={date} onChange={(e) => setDay(e.target.value)}>
          {(days.status === 'ready' ? days.data : []).map((d) => (
            <option key={d} value={d}>
              {`${d.slice(6, 8)}-${d.slice(4, 6)}-${d.slice(0, 4)}`}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="exp-pax">{t('slots.passengers')}</label>
        <select id="exp-pax" className={styles.input} value={passengers} onChange={(e) => setPassengers(Number(e.target.value))}>
          {Array.from({ length: MAX_SEATS_PER_BOOKING }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <SlotList
        empty={t('slots.none')}
        rows={s.slots.map((slot) => ({
          key: slot.tripId,
          time: time(slot.boardingTime),
          detail: slot.availability === 'SOLD_OUT' ? t('eta.soldOut') : t('eta.left', { n: slot.seatsLeft }),
          action:
            slot.bookable && slot.seatsLeft >= passengers
              ? { label: t('slots.choose'), ariaLabel: t('slots.chooseAt', { time: time(slot.boardingTime) }), onClick: () => choose(slot.tripId) }
              : null,
        }))}
      />
    </>
  );
}

/** An address below /airport-experience that none of its routes answers: a heading and the home page as the way on. */
export function ExperienceNotFound() {
  return (
    <SawariIntlProvider remote={EXPERIENCE_CATALOG} fallback={null}>
      <NotFoundScreen />
    </SawariIntlProvider>
  );
}
