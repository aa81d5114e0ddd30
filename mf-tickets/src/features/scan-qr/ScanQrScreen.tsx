// scan-qr/:transactionId: the rider validates the ticket themselves by scanning the QR printed in the bus
// ("SWB1.<city>.<vehicleNo>", camera, where the browser has BarcodeDetector) or typing the bus number (always there).
// The ride is recorded on the device at once (works offline) and synced to the server when online.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import type { CityConfig } from '@sawari/runtime';
import type { WalletItem } from '@sawari/contracts';
import { local, type LocalPunch } from '../common/local';
import { tripsLeftToday, vehicleNumberExample } from '@sawari/domain';
import { itemState, normaliseVehicleNo, punchOutcome, ruleRecord, vehicleFromScan } from '../common/model';
import { CityGate, ListSkeleton, LoadError, Page, RequireSignIn, paths, styles, useDates, useNow, useT } from '../common/ui';
import { ItemTitle, StatusLabel, TicketHead } from '../common/item';
import { useWalletItem } from '../wallet/useWallet';

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
const BarcodeDetectorCtor = (globalThis as unknown as { BarcodeDetector?: new (o: { formats: string[] }) => Detector }).BarcodeDetector;

function Camera({ city, onVehicle }: { city: string; onVehicle: (vehicleNo: string) => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // The latest callback, without restarting the camera when the parent re-renders.
  const found = useRef(onVehicle);
  found.current = onVehicle;
  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detector = new BarcodeDetectorCtor!({ formats: ['qr_code'] });
    const tick = async () => {
      if (!live || !video.current) return;
      try {
        const codes = await detector.detect(video.current);
        for (const c of codes) {
          const vehicle = vehicleFromScan(c.rawValue, city);
          if (vehicle) {
            setOn(false);
            found.current(vehicle);
            return;
          }
          setMessage(t('scan.notBusCode'));
        }
      } catch {
        // a frame that could not be read: try the next one
      }
      timer = setTimeout(() => void tick(), 300);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (!live || !video.current) return s.getTracks().forEach((tr) => tr.stop());
        video.current.srcObject = s;
        await video.current.play();
        void tick();
      })
      .catch(() => {
        setMessage(t('scan.noCamera'));
        setOn(false);
      });
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [on, city, t]);
  if (!BarcodeDetectorCtor || !navigator.mediaDevices?.getUserMedia) return <p className={styles.muted}>{t('scan.cameraUnavailable')}</p>;
  return (
    <div>
      <Button
        variant="secondary"
        onClick={() => {
          setMessage(null);
          setOn((v) => !v);
        }}
        aria-pressed={on}
      >
        {on ? t('scan.stopCamera') : t('scan.startCamera')}
      </Button>
      {on && <video ref={video} className={styles.video} muted playsInline aria-label={t('scan.cameraLabel')} />}
      <p role="status" className={styles.small}>
        {message ?? ''}
      </p>
    </div>
  );
}

function Scan({ item, city }: { item: WalletItem; city: CityConfig }) {
  const t = useT();
  // the city's own example number (its state's letters), never another city's
  const vehicleExample = vehicleNumberExample(city.state);
  const id = useId();
  const { dateTime } = useDates();
  const now = useNow(10_000);
  const [vehicle, setVehicle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<{ punch: LocalPunch; synced: boolean | null; rejected: string | null } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const result = useRef<HTMLDivElement>(null);
  const confirmBox = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState<{ vehicleNo: string; source: 'SCAN_QR' | 'MANUAL' } | null>(null);
  const state = itemState(item, now);

  const record = async (vehicleNo: string, source: 'SCAN_QR' | 'MANUAL') => {
    setError(null);
    try {
      const punch = await local.recordPunch({ transactionId: item.transactionId, vehicleNo, source });
      setRecorded({ punch, synced: null, rejected: null });
      requestAnimationFrame(() => result.current?.focus());
      const outcome = await local.syncPunches().catch(() => null);
      setRecorded({ punch, ...punchOutcome(outcome, punch.punchId) });
    } catch (err) {
      console.error('[mf_tickets] could not record the ride', err);
      setError(t('scan.recordFailed'));
    }
  };
  // Back online (the shell reloads the page then; this covers a page that stays).
  useEffect(() => {
    if (!recorded || recorded.synced) return;
    const retry = () =>
      void local.syncPunches().then(
        (o) => setRecorded((r) => (r && punchOutcome(o, r.punch.punchId).synced ? { ...r, synced: true } : r)),
        () => undefined,
      );
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [recorded]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = normaliseVehicleNo(vehicle);
    if (!v) {
      setError(t('scan.badVehicle'));
      input.current?.focus();
      return;
    }
    ask({ vehicleNo: v, source: 'MANUAL' });
  };
  // A ride is recorded only after the rider confirms it, seeing what the conductor will see.
  const ask = (c: { vehicleNo: string; source: 'SCAN_QR' | 'MANUAL' }) => {
    setConfirming(c);
    requestAnimationFrame(() => confirmBox.current?.focus());
  };

  if (recorded)
    return (
      <div ref={result} tabIndex={-1} className={recorded.rejected ? styles.alert : styles.notice} role="status">
        <p className={styles.bigState}>
          {recorded.rejected ? t('scan.rejected', { reason: recorded.rejected }) : t('scan.recorded', { vehicle: recorded.punch.vehicleNo ?? '' })}
        </p>
        <p>{t('scan.recordedAt', { time: dateTime(recorded.punch.punchingTime) })}</p>
        <p>{recorded.synced === null ? t('scan.syncing') : recorded.synced ? t('scan.synced') : recorded.rejected ? '' : t('scan.pending')}</p>
        <p className={styles.actions}>
          <Link to={paths.rideHistory(item.transactionId)}>{t('rides.heading')}</Link>
          <Link to={paths.wallet}>{t('wallet.heading')}</Link>
        </p>
      </div>
    );
  if (confirming && state === 'valid')
    return (
      <ConfirmRide
        item={item}
        now={now}
        vehicleNo={confirming.vehicleNo}
        boxRef={confirmBox}
        onConfirm={() => {
          const c = confirming;
          setConfirming(null);
          void record(c.vehicleNo, c.source);
        }}
        onCancel={() => {
          setConfirming(null);
          requestAnimationFrame(() => input.current?.focus());
        }}
      />
    );
  if (state !== 'valid')
    return (
      <p className={styles.warn} role="status">
        {t('scan.notValid')} <StatusLabel item={item} now={now} />
      </p>
    );
  return (
    <>
      <p className={styles.muted}>
        <ItemTitle item={item} />
      </p>
      <h2>{t('scan.cameraHeading')}</h2>
      <Camera city={city.id} onVehicle={(v) => ask({ vehicleNo: v, source: 'SCAN_QR' })} />
      <h2>{t('scan.typeHeading')}</h2>
      <form onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={id}>{t('scan.vehicleLabel')}</label>
          <span id={`${id}-h`} className={styles.hint}>
            {vehicleExample ? t('scan.vehicleHint', { example: vehicleExample }) : t('scan.vehicleHintPlain')}
          </span>
          <div className={styles.searchRow}>
            <input
              ref={input}
              id={id}
              className={styles.input}
              value={vehicle}
              onChange={(e) => setVehicle(e.target.value)}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={20}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-h${error ? ` ${id}-e` : ''}`}
            />
            <Button type="submit">{t('scan.record')}</Button>
          </div>
          {error && (
            <span id={`${id}-e`} className={styles.error} role="alert">
              {error}
            </span>
          )}
        </div>
      </form>
    </>
  );
}

/** The second step: what the conductor will see for this ride, and an explicit "Record the ride". */
function ConfirmRide(props: {
  item: WalletItem;
  now: number;
  vehicleNo: string;
  boxRef: React.RefObject<HTMLDivElement | null>;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { item, now } = props;
  const { time } = useDates();
  const left = tripsLeftToday(ruleRecord(item), now);
  const usesTicket = !!item.ticketId && (item.numOfTrips ?? 1) - item.rideCount <= 1;
  const headingId = useId();
  return (
    <div ref={props.boxRef} tabIndex={-1} role="group" aria-labelledby={headingId} className={styles.fieldset} data-testid="confirm-ride">
      <h2 id={headingId}>{t('scan.confirmHeading', { vehicle: props.vehicleNo })}</h2>
      <p>{t('scan.conductorSees')}</p>
      <TicketHead item={item} now={now}>
        <p>{t('scan.rideAt', { vehicle: props.vehicleNo, time: time(now) })}</p>
      </TicketHead>
      <p className={styles.warn}>
        {usesTicket ? t('scan.willUseTicket') : left !== null ? t('scan.ridesLeftAfter', { count: Math.max(0, left - 1) }) : t('scan.willRecord')}
      </p>
      <p className={styles.actions}>
        <Button onClick={props.onConfirm}>{t('scan.confirm')}</Button>
        <Button variant="secondary" onClick={props.onCancel}>
          {t('scan.changeBus')}
        </Button>
      </p>
    </div>
  );
}

function ScanFor({ city, transactionId }: { city: CityConfig; transactionId: string }) {
  const t = useT();
  const view = useWalletItem(city.id, transactionId);
  if (view.item) return <Scan item={view.item} city={city} />;
  if (view.items && !view.refreshing)
    return (
      <p className={styles.alert} role="alert">
        {t('show.notFound')}
      </p>
    );
  if (!view.refreshing && view.error) return <LoadError error={view.error} onRetry={view.refresh} />;
  return <ListSkeleton />;
}

export default function ScanQrScreen() {
  const t = useT();
  const { transactionId = '' } = useParams();
  return (
    <Page heading={t('scan.heading')} intro={t('scan.intro')} back={{ to: paths.wallet, label: t('wallet.heading') }}>
      <RequireSignIn>
        <CityGate feature={null}>{(city) => <ScanFor city={city} transactionId={transactionId} />}</CityGate>
      </RequireSignIn>
    </Page>
  );
}
