// A − count + row for one kind of passenger (or any passenger: the instant ticket), announced as it changes.
import { useId } from 'react';
import type { PassengerKind } from '../common/model';
import { styles, useT } from '../common/ui';

export function Stepper({
  kind,
  value,
  onChange,
  canAdd,
  min = 0,
}: {
  kind: PassengerKind | 'any';
  value: number;
  onChange: (n: number) => void;
  canAdd: boolean;
  min?: number;
}) {
  const t = useT();
  const id = useId();
  const name = t(kind === 'any' ? 'ticket.passengers' : `passenger.${kind}`);
  return (
    <div className={styles.passengerRow} role="group" aria-labelledby={id}>
      <span id={id}>
        <strong>{name}</strong>
        {kind !== 'any' && (
          <>
            <br />
            <span className={`${styles.muted} ${styles.small}`}>{t(`passenger.${kind}.hint`)}</span>
          </>
        )}
      </span>
      <span className={styles.stepper}>
        <button
          type="button"
          onClick={() => onChange(value - 1)}
          disabled={value <= min}
          aria-label={kind === 'any' ? t('passenger.removeAny') : t('passenger.remove', { name })}
        >
          −
        </button>
        <output aria-live="polite" aria-label={t('passenger.count', { name, count: value })}>
          {value}
        </output>
        <button
          type="button"
          onClick={() => onChange(value + 1)}
          disabled={!canAdd}
          aria-label={kind === 'any' ? t('passenger.addAny') : t('passenger.add', { name })}
        >
          +
        </button>
      </span>
    </div>
  );
}
