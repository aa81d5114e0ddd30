import { useIntl } from 'react-intl';
import own from './sos.module.css';

/**
 * India's emergency numbers, first on every SOS screen (before the alert, its loading or its errors): 112 reaches
 * police, fire and ambulance anywhere in India and is the big one; the single-service numbers follow. All are tel:
 * links, so one tap calls. National numbers, the same in every city.
 */
export const EMERGENCY_NUMBERS: readonly { number: string; labelId: string }[] = [
  { number: '100', labelId: 'sos.numbers.police' },
  { number: '108', labelId: 'sos.numbers.ambulance' },
  { number: '101', labelId: 'sos.numbers.fire' },
  { number: '1091', labelId: 'sos.numbers.women' },
];

export function EmergencyNumbers() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <section className={own.numbers} aria-labelledby="sos-numbers">
      <h2 id="sos-numbers">{t('sos.numbers.heading')}</h2>
      <p className={own.call112Line}>
        <a className={own.call112} href="tel:112">
          {t('sos.call112')}
        </a>{' '}
        <span>{t('sos.numbers.all')}</span>
      </p>
      <ul className={own.otherNumbers}>
        {EMERGENCY_NUMBERS.map((n) => (
          <li key={n.number}>
            <a href={`tel:${n.number}`}>{t('sos.numbers.call', { label: t(n.labelId), number: n.number })}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
