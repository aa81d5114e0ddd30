import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { OFFICE_HOURS, officeStatus } from '@sawari/domain';
import { cityAtom, cityConfigAtom, serverNow } from '@sawari/runtime';
import { formatHour } from '../common/format';
import { useAsync } from '../common/useAsync';
import styles from '../common/page.module.css';
import own from './sos.module.css';
import { getOffices } from './sosApi';

/** Support offices: open or closed right now (city time, re-checked every minute), their hours and the rider's current
 *  city's contacts (asked again when the city changes; the city configuration's while the answer is not there). */
export function Offices() {
  const intl = useIntl();
  const cityId = useAtomValue(cityAtom);
  const city = useAtomValue(cityConfigAtom);
  const offices = useAsync(() => getOffices(cityId), `offices:${cityId ?? ''}`);
  const contacts = offices.data ?? city?.support ?? null;
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
        {contacts && (
          <p className={own.contacts}>
            <a href={`tel:${contacts.phone.replace(/[^+0-9]/g, '')}`}>{intl.formatMessage({ id: 'sos.offices.call' }, { phone: contacts.phone })}</a>
            <a href={`mailto:${contacts.email}`}>{intl.formatMessage({ id: 'sos.offices.mail' }, { email: contacts.email })}</a>
          </p>
        )}
      </div>
    </section>
  );
}
