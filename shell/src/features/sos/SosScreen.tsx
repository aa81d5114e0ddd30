import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { SOS_COOLDOWN_MS, SOS_DAILY_CAP } from '@sawari/domain';
import { serverNow } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { formatCountdown } from '../common/format';
import { AppLink } from '../common/nav';
import { Page } from '../common/Page';
import { WithSosSettings } from './WithSosSettings';
import { asApiError } from '../common/useAsync';
import styles from '../common/page.module.css';
import { EmergencyNumbers } from './EmergencyNumbers';
import { Offices } from './Offices';
import own from './sos.module.css';
import { currentPosition, rememberNextAlert, sendAlert, storedNextAlert, type SosState } from './sosApi';
import { useCountdown } from './useCountdown';

type Outcome = { kind: 'sent'; sentTo: number; located: boolean } | { kind: 'noContacts' } | { kind: 'failed'; message: string } | null;

function SosPanel({ sos }: { sos: SosState | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const contacts = sos?.contacts ?? [];
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [nextAllowedAt, setNextAllowedAt] = useState<number | null>(storedNextAlert);
  const left = useCountdown(nextAllowedAt);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  const cancel = () => {
    setConfirming(false);
    sendButton.current?.focus();
  };
  const send = async () => {
    setSending(true);
    setOutcome(null);
    const position = await currentPosition();
    try {
      const answer = await sendAlert(position);
      setOutcome({ kind: 'sent', sentTo: answer.sentTo, located: !!position });
      setNextAllowedAt(answer.nextAllowedAt);
      rememberNextAlert(answer.nextAllowedAt);
    } catch (err) {
      const e = asApiError(err);
      // The refusal says when in words only: count down the whole cooldown (the server stays the judge).
      if (e.code === 'SOS_COOLDOWN') setNextAllowedAt(storedNextAlert() ?? serverNow() + SOS_COOLDOWN_MS);
      else if (e.code === 'SOS_NO_CONTACTS') setOutcome({ kind: 'noContacts' });
      else if (e.code === 'SOS_DAILY_LIMIT') setOutcome({ kind: 'failed', message: t('sos.dailyLimit', { max: SOS_DAILY_CAP }) });
      else setOutcome({ kind: 'failed', message: t(e.code === 'NETWORK_ERROR' ? 'common.error.network' : 'common.error.generic') });
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };
  const coolingDown = left > 0;
  // Nothing to send to (none saved, or the server found none): no alert button that cannot be pressed, but the ways
  // forward: add a contact, or call 112 now.
  const noContacts = contacts.length === 0 || outcome?.kind === 'noContacts';

  return (
    <>
      {noContacts ? (
        <div className={`${styles.alert} ${own.noContacts}`} role="group" aria-labelledby="sos-no-contacts">
          <p id="sos-no-contacts">{t('sos.noContacts')}</p>
          <p className={own.actions}>
            <AppLink className={own.addContact} to="/SOS/editSOSMessage">
              {t('sos.addContact')}
            </AppLink>
            <a className={own.callLink} href="tel:112">
              {t('sos.call112')}
            </a>
          </p>
        </div>
      ) : (
        <button
          ref={sendButton}
          type="button"
          className={own.sosButton}
          disabled={sending || coolingDown}
          onClick={() => setConfirming(true)}
          aria-describedby="sos-state"
        >
          {sending ? t('sos.sending') : t('sos.send')}
        </button>
      )}
      {confirming && (
        <div className={own.confirm} role="group" aria-labelledby="sos-confirm">
          <h2 id="sos-confirm" ref={confirmHeading} tabIndex={-1}>
            {t('sos.confirm.heading')}
          </h2>
          <p>{t('sos.confirm.body', { count: contacts.length })}</p>
          <div className={styles.actions}>
            <Button onClick={send} disabled={sending}>
              {sending ? t('sos.sending') : t('sos.confirm.send')}
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={sending}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      )}
      <div id="sos-state" role="status">
        {outcome?.kind === 'sent' && (
          <p className={styles.notice}>
            {t('sos.sent', { count: outcome.sentTo })} {outcome.located ? null : t('sos.noLocation')}
          </p>
        )}
        {outcome?.kind === 'failed' && <p className={styles.alert}>{outcome.message}</p>}
      </div>
      {coolingDown && (
        <p role="timer">
          {intl.formatMessage(
            { id: 'sos.cooldown' },
            {
              time: (
                <span key="left" className={own.countdown}>
                  {formatCountdown(left)}
                </span>
              ),
            },
          )}
        </p>
      )}

      <section aria-labelledby="sos-contacts">
        <h2 id="sos-contacts">{t('sos.contacts.heading')}</h2>
        {contacts.length === 0 ? (
          <p>{t('sos.contacts.empty')}</p>
        ) : (
          <ul className={own.list}>
            {contacts.map((c, i) => (
              <li key={i} className={styles.card}>
                <span className={styles.cardTitle}>{c.name}</span>
                <span className={styles.cardDesc}>+91 {c.phoneNumber.replace(/(\d{5})(\d{5})/, '$1 $2')}</span>
              </li>
            ))}
          </ul>
        )}
        <h2>{t('sos.message.heading')}</h2>
        <p className={own.message}>{sos?.message || t('sos.edit.defaultMessage')}</p>
        <p>
          <AppLink to="/SOS/editSOSMessage">{t('sos.editLink')}</AppLink>
        </p>
      </section>
    </>
  );
}

/** /SOS: the emergency numbers first (112), the alert button (after a confirm step), the cooldown, the contacts, and
 *  the support offices' hours and contacts. */
export default function SosScreen() {
  const intl = useIntl();
  return (
    <Page heading={intl.formatMessage({ id: 'sos.heading' })} intro={intl.formatMessage({ id: 'sos.intro' })}>
      <EmergencyNumbers />
      <WithSosSettings path="/SOS">{(sos) => <SosPanel sos={sos} />}</WithSosSettings>
      <Offices />
    </Page>
  );
}
