// How many adults, children and senior citizens (at most `max` together), with − and + buttons.
import { passengerTotal, type Passengers } from '../common/model';
import { styles, useT } from '../common/ui';

export function PassengerCounter({ value, onChange, max }: { value: Passengers; onChange: (p: Passengers) => void; max: number }) {
  const t = useT();
  const total = passengerTotal(value);
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('seats.who')}</legend>
      {(['adult', 'child', 'senior'] as const).map((k) => (
        <div key={k} className={styles.countRow}>
          <span id={`count-${k}`}>{t(`cat.${k}`)}</span>
          <span className={styles.counter}>
            <button
              type="button"
              aria-label={t('seats.less', { who: t(`cat.${k}`) })}
              disabled={value[k] === 0}
              onClick={() => onChange({ ...value, [k]: value[k] - 1 })}
            >
              −
            </button>
            <output aria-labelledby={`count-${k}`} aria-live="polite">
              {value[k]}
            </output>
            <button
              type="button"
              aria-label={t('seats.more', { who: t(`cat.${k}`) })}
              disabled={total >= max}
              onClick={() => onChange({ ...value, [k]: value[k] + 1 })}
            >
              +
            </button>
          </span>
        </div>
      ))}
      <p className={styles.hint}>{t('seats.max', { n: max })}</p>
    </fieldset>
  );
}
