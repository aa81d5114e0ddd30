import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { OFFICE_HOURS, officeStatus } from '@sawari/domain';
import { serverNow } from '@sawari/runtime';
import { formatHour } from '../common/format';
import { useAsync } from '../common/useAsync';
import styles from '../common/page.module.css';
import own from './sos.module.css';
import { getOffices } from './sosApi';

/** Support offices: open or closed right now (city time, re-checked every minute), their hours and contacts. */
export function Offices() {
  const intl = useIntl();
  const offices = useAsync(getOffices, 'offices');
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 60_000);
    return () => clearInterval(timer);
  }, []);
  // The server's hours when it answered; the spec's otherwise (the status is worked out here either way).
  const hours = offices.data?.hours ?? OFFICE_HOURS;
  const status = officeStatus(now, offices.data?.timeZone);
  const open = status.open;
  const range = (h: { opens: number; closes: number }) => `${formatHour(h.opens, intl.locale)} – ${formatHour(h.closes, intl.locale)}`;
  return (
    <section aria-labelledby="sos-offices">
      <h2 id="sos-offices">{intl.formatMessage({ id: 'sos.offices.heading' })}</h2>
      <div className={styles.card}>
        <p className={open ? own.open : own.closed}>{intl.formatMessage({ id: open ? 'sos.offices.open' : 'sos.offices.closed' })}</p>
        <p>
          {intl.formatMessage({ id: 'sos.offices.weekdays' }, { hours: range(hours.weekday) })}
          <br />
          {intl.formatMessage({ id: 'sos.offices.weekends' }, { hours: range(hours.weekend) })}
        </p>
        {offices.data && (
          <p className={own.contacts}>
            <a href={`tel:${offices.data.phone.replace(/\s+/g, '')}`}>{intl.formatMessage({ id: 'sos.offices.call' }, { phone: offices.data.phone })}</a>
            <a href={`mailto:${offices.data.email}`}>{intl.formatMessage({ id: 'sos.offices.mail' }, { email: offices.data.email })}</a>
          </p>
        )}
      </div>
    </section>
  );
}
