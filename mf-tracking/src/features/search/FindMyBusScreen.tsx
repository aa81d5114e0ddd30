import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { vehicleNumberExample } from '@sawari/domain';
import { useCityConfig } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { Page } from '../common/Page';
import { WithCity } from '../common/city';
import { paths } from '../common/links';
import { gql, toApiError, VehicleDocument } from '../common/transit';
import styles from '../common/tracking.module.css';

function FindForm({ city }: { city: string }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const id = useId();
  const navigate = useNavigate();
  // the city's own example number (its state's letters), never another city's
  const example = vehicleNumberExample(useCityConfig().city?.state);
  const [vNo, setVNo] = useState('');
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const number = vNo.trim().toUpperCase().replace(/\s+/g, '');
    if (!number) return setState({ busy: false, message: t('findMyBus.empty') });
    setState({ busy: true, message: null });
    try {
      const { vehicle } = await gql(VehicleDocument, { city, vehicleNumber: number });
      if (vehicle) navigate(paths.vehicle(vehicle.route_id, vehicle.vNo));
      else setState({ busy: false, message: t('findMyBus.notFound', { vNo: number }) });
    } catch (err) {
      setState({ busy: false, message: t(toApiError(err).code === 'NETWORK_ERROR' ? 'common.error.network' : 'common.error.generic') });
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor={id}>{t('findMyBus.label')}</label>
        <span className={styles.hint} id={`${id}-hint`}>
          {example ? t('findMyBus.hint', { example }) : t('findMyBus.hintPlain')}
        </span>
        <div className={styles.searchRow}>
          <input
            id={id}
            className={styles.input}
            value={vNo}
            onChange={(e) => setVNo(e.target.value)}
            autoCapitalize="characters"
            autoComplete="off"
            aria-describedby={`${id}-hint`}
          />
          <Button type="submit" disabled={state.busy}>
            {t('findMyBus.button')}
          </Button>
        </div>
      </div>
      <p role="status" className={state.message ? styles.alert : undefined}>
        {state.message}
      </p>
    </form>
  );
}

/** /live-tracking/find-my-bus: a bus by its vehicle number, then follow it. */
export default function FindMyBusScreen() {
  const intl = useIntl();
  return (
    <Page heading={intl.formatMessage({ id: 'findMyBus.heading' })} back={{ to: paths.landing, label: intl.formatMessage({ id: 'landing.heading' }) }}>
      <WithCity>{(city) => <FindForm city={city} />}</WithCity>
    </Page>
  );
}
