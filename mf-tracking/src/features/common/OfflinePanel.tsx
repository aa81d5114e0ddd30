import { useIntl } from 'react-intl';
import { readSaved } from './saved';
import styles from './tracking.module.css';

/**
 * In place of a screen whose code could not be fetched offline (never visited on this device): says the rider is
 * offline and offers the screens this device has already shown. Part of the remote's main chunk (it must render when
 * nothing else can be fetched); plain links (a full load, served from the service worker's caches).
 */
export function OfflinePanel() {
  const intl = useIntl();
  const saved = readSaved();
  return (
    <main style={{ maxWidth: '44rem', margin: '0 auto', padding: '1.25rem 1rem' }}>
      <h1>{intl.formatMessage({ id: 'offline.heading' })}</h1>
      <p role="alert">{intl.formatMessage({ id: 'offline.notSaved' })}</p>
      {saved.length > 0 ? (
        <section aria-labelledby="offline-saved">
          <h2 id="offline-saved">{intl.formatMessage({ id: 'offline.savedHeading' })}</h2>
          <ul className={styles.cards}>
            {saved.map((s) => (
              <li key={s.path}>
                <a className={styles.card} href={`/app${s.path}`}>
                  <span className={styles.cardTitle}>{s.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p>{intl.formatMessage({ id: 'offline.nothingSaved' })}</p>
      )}
      <button type="button" className={styles.textButton} onClick={() => location.reload()}>
        {intl.formatMessage({ id: 'common.retry' })}
      </button>
    </main>
  );
}
