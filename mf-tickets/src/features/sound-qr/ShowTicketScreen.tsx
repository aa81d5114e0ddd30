// pass-validation/:transactionId (QR), sound-qr/:transactionId (sound where the city validates by sound, QR as the
// visible fallback) and sound-qr/:transactionId/contact-less-ticket-validation (the same, sound first). The QR is
// rebuilt every 10 s slot from the server-signed token and a device signature; a countdown bar and a ticking clock
// show that it is live (a screenshot looks different and stops validating).
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { isFeatureEnabled, serverNow, type CityConfig } from '@sawari/runtime';
import { SLOT_MS, tripsLeftToday } from '@sawari/domain';
import type { WalletItem } from '@sawari/contracts';
import { ticketsApi } from '../common/api';
import { local, type SoundPlayer, type SoundState } from '../common/local';
import type { CurrentTicketCode } from '../../lib/ticket-code';
import { itemState, lastPunchAt, ruleRecord } from '../common/model';
import { CityGate, ListSkeleton, LoadError, Page, RequireSignIn, asApiError, paths, styles, useDates, useNow, useT } from '../common/ui';
import { SourceNote, TicketHead } from '../common/item';
import { useWalletItem } from '../wallet/useWallet';
import { QrCode, qrPath } from './QrCode';

type CodeState = { text: string | null; error: ReturnType<typeof asApiError> | null; slot: number | null };

/**
 * A cold start (docs/wallet-offline.md "Cold start"): the code from the kept token and its QR path are made while the
 * wallet is read, not after it. Only the device is asked (no token request for an item that may not be valid); the
 * screen uses the answer only when the item turns out valid, and takes it once.
 */
const warm = new Map<string, Promise<CurrentTicketCode | null>>();
function warmTicketCode(transactionId: string): void {
  if (warm.has(transactionId)) return;
  warm.set(
    transactionId,
    local.keptTicketCode(transactionId, serverNow()).then(
      (code) => {
        if (code) qrPath(code.text);
        return code;
      },
      () => null,
    ),
  );
}
const takeWarm = (transactionId: string): Promise<CurrentTicketCode | null> => {
  const code = warm.get(transactionId) ?? Promise.resolve(null);
  warm.delete(transactionId);
  return code;
};

/** The current ticket code, rebuilt at each 10 s slot boundary. */
function useTicketCode(item: WalletItem): CodeState & { retry: () => void } {
  const [state, setState] = useState<CodeState>({ text: null, error: null, slot: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const build = async () => {
      try {
        const kept = await takeWarm(item.transactionId);
        const code = kept && kept.nextChangeAt > serverNow() ? kept : await local.ticketCode(item, serverNow());
        if (!live) return;
        setState({ text: code.text, error: null, slot: code.slot });
        // Redraw at the start of the next slot (+ a few ms so it has begun).
        timer = setTimeout(() => void build(), Math.max(50, code.nextChangeAt - serverNow() + 20));
      } catch (err) {
        if (live) setState((s) => ({ ...s, error: asApiError(err) }));
      }
    };
    void build();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [item.transactionId, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

function LiveCountdown() {
  const t = useT();
  const now = useNow(250);
  const { time } = useDates();
  const left = SLOT_MS - (now % SLOT_MS);
  const seconds = Math.ceil(left / 1000);
  return (
    <>
      <div className={styles.countdown} aria-hidden="true">
        <div className={styles.countdownBar} style={{ transform: `scaleX(${left / SLOT_MS})` }} />
      </div>
      <p className={styles.liveRow}>
        <span className={styles.pulse} aria-hidden="true" />
        <span>{t('show.live', { time: time(now), seconds })}</span>
      </p>
    </>
  );
}

/** Keeps the screen on while the code is shown (Screen Wake Lock where the browser has it; nothing otherwise). */
function useScreenAwake() {
  useEffect(() => {
    type Sentinel = { release: () => Promise<void> };
    const wakeLock = (navigator as Navigator & { wakeLock?: { request: (type: 'screen') => Promise<Sentinel> } }).wakeLock;
    if (!wakeLock) return;
    let sentinel: Sentinel | null = null;
    let live = true;
    const take = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock.request('screen').then(
        (s) => (live ? (sentinel = s) : void s.release().catch(() => undefined)),
        () => undefined,
      );
    };
    take();
    document.addEventListener('visibilitychange', take);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', take);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
}

function TicketQr({ item }: { item: WalletItem }) {
  const t = useT();
  const code = useTicketCode(item);
  useScreenAwake();
  if (code.error && !code.text) return <LoadError error={code.error} onRetry={code.retry} />;
  if (!code.text) return <ListSkeleton rows={1} />;
  return (
    <div className={styles.qrBox}>
      <QrCode text={code.text} label={t('show.qrLabel')} />
      <p className={styles.brightness} data-testid="brightness-hint">
        <span aria-hidden="true">☀ </span>
        {t('show.brightness')}
      </p>
      <LiveCountdown />
      <p className={`${styles.small} ${styles.muted}`}>{t('show.qrHint')}</p>
    </div>
  );
}

/**
 * While the code is on screen and the phone is online, asks every few seconds whether a validator punched it (the
 * receipt's ride count); a new ride refreshes the wallet at once (a used ticket turns "used") and is announced.
 */
function usePunchWatch(item: WalletItem, active: boolean, refresh: () => void): void {
  const known = useRef(item.rideCount);
  useEffect(() => {
    if (item.rideCount > known.current) known.current = item.rideCount;
  }, [item.rideCount]);
  useEffect(() => {
    if (!active) return;
    let live = true;
    const check = async () => {
      if (!navigator.onLine || document.visibilityState === 'hidden') return;
      try {
        const r = await ticketsApi.receipt(item.transactionId);
        if (live && r.rideCount > known.current) {
          known.current = r.rideCount;
          refresh();
        }
      } catch {
        // offline or refused: the next tick asks again; the code itself keeps working offline
      }
    };
    const id = setInterval(() => void check(), PUNCH_WATCH_MS);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [active, item.transactionId, refresh]);
}
const PUNCH_WATCH_MS = 3_000;

/** "Validated at 9:05 AM": said (polite live region) and shown when a ride is recorded while this screen is open. */
function PunchAnnouncement({ item }: { item: WalletItem }) {
  const t = useT();
  const { time } = useDates();
  const first = useRef(item.rideCount);
  const last = lastPunchAt(item);
  const fresh = item.rideCount > first.current && last !== null;
  return (
    <p role="status" aria-live="polite" className={fresh ? `${styles.notice} ${styles.bigState}` : styles.srOnly} data-testid="punch-announcement">
      {fresh ? t('show.validatedAt', { time: time(last) }) : ''}
    </p>
  );
}

function SoundButton({ item }: { item: WalletItem }) {
  const t = useT();
  const [state, setState] = useState<SoundState | 'idle'>('idle');
  const player = useRef<SoundPlayer | null>(null);
  useEffect(() => () => player.current?.stop(), []);
  const playing = state === 'starting' || state === 'playing' || state === 'blocked';
  const toggle = async () => {
    if (playing) {
      player.current?.stop();
      player.current = null;
      setState('idle');
      return;
    }
    setState('starting');
    try {
      player.current = await local.playSound(item, setState);
      // The tap that started it is the user gesture a blocked audio context needs.
      await player.current.resume();
    } catch (err) {
      console.error('[mf_tickets] sound playback failed', err);
      setState('unavailable');
    }
  };
  const message =
    state === 'playing' ? t('show.soundPlaying') : state === 'unavailable' ? t('show.soundFailed') : state === 'blocked' ? t('show.soundBlocked') : '';
  return (
    <div className={styles.fieldset}>
      <p>{t('show.soundIntro')}</p>
      <Button onClick={() => void toggle()} aria-pressed={playing}>
        {playing ? t('show.soundStop') : t('show.soundPlay')}
      </Button>
      <p role="status" className={styles.small}>
        {message}
      </p>
    </div>
  );
}

function StateNotice({ item, now }: { item: WalletItem; now: number }) {
  const t = useT();
  const { dateTime } = useDates();
  const state = itemState(item, now);
  const last = lastPunchAt(item);
  switch (state) {
    case 'used':
      return (
        <p className={`${styles.warn} ${styles.bigState}`} role="status">
          {last ? t('show.usedAt', { time: dateTime(last) }) : t('show.used')}
        </p>
      );
    case 'expired':
      return (
        <p className={`${styles.warn} ${styles.bigState}`} role="status">
          {t('show.expired')}
        </p>
      );
    case 'usedUp':
      return (
        <p className={`${styles.warn} ${styles.bigState}`} role="status">
          {t('show.usedUp')}
        </p>
      );
    case 'notYetValid':
      return (
        <p className={styles.warn}>
          {t('show.notYet')} <Link to={paths.beforeActivation(item.transactionId)}>{t('show.whenValid')}</Link>
        </p>
      );
    case 'rejected':
      return (
        <p className={styles.alert}>
          <Link to={paths.rejection(item.transactionId)}>{t('status.rejected')}</Link>
        </p>
      );
    default:
      // cancelled, replaced, moved, refunded, failed, pending…: the head says what it is (productStatus's headline)
      return <p className={styles.warn}>{t('show.cannotShow')}</p>;
  }
}

function PunchWatch(props: { item: WalletItem; active: boolean; refresh: () => void }) {
  usePunchWatch(props.item, props.active, props.refresh);
  return null;
}

function Show({ city, transactionId }: { city: CityConfig; transactionId: string }) {
  const t = useT();
  const { pathname } = useLocation();
  const now = useNow(5_000);
  useState(() => warmTicketCode(transactionId));
  const view = useWalletItem(city.id, transactionId);
  const { item } = view;
  const sound = pathname.includes('/sound-qr/') && isFeatureEnabled('soundValidation', city);
  if (!item) {
    if (view.refreshing) return <ListSkeleton />;
    return view.error && !view.items ? (
      <LoadError error={view.error} onRetry={view.refresh} />
    ) : (
      <p className={styles.alert} role="alert">
        {t('show.notFound')}
      </p>
    );
  }
  const state = itemState(item, now);
  const left = tripsLeftToday(ruleRecord(item), now);
  return (
    <>
      <PunchWatch item={item} active={state === 'valid'} refresh={view.refresh} />
      {/* The code first: it is what the rider holds up to the validator. */}
      {state === 'valid' && <TicketQr item={item} />}
      <PunchAnnouncement item={item} />
      <TicketHead item={item} now={now}>
        {!item.ticketId && left !== null && <p>{t('show.tripsLeft', { count: left })}</p>}
      </TicketHead>
      <SourceNote view={view} />
      {state === 'valid' ? sound && <SoundButton item={item} /> : <StateNotice item={item} now={now} />}
      <p className={styles.actions}>
        {state === 'valid' && (
          <Link className={styles.linkSecondary} to={paths.scanQr(item.transactionId)}>
            {t('show.scanBus')}
          </Link>
        )}
        <Link to={paths.rideHistory(item.transactionId)}>{t('rides.heading')}</Link>
        {state !== 'valid' && <Link to={paths.receipt(item.transactionId, item.productSubType === 'instantTicket')}>{t('receipt.heading')}</Link>}
        <Link to={paths.summary(item.transactionId)}>{t('summary.heading')}</Link>
      </p>
    </>
  );
}

export default function ShowTicketScreen() {
  const t = useT();
  const { transactionId = '' } = useParams();
  const { pathname } = useLocation();
  const heading = pathname.endsWith('/contact-less-ticket-validation') ? t('show.contactless') : t('show.heading');
  return (
    <Page heading={heading} back={{ to: paths.wallet, label: t('wallet.heading') }}>
      <RequireSignIn>
        <CityGate feature={null}>{(city) => <Show city={city} transactionId={transactionId} />}</CityGate>
      </RequireSignIn>
    </Page>
  );
}
