import { useAtom } from 'jotai';
import { languageAtom } from '@sawari/runtime';
import { LANGUAGES } from '../../i18n/catalogs';
import styles from './language.module.css';

/**
 * The six languages as radio buttons, each named in its own script (and marked with its own lang so screen readers
 * pronounce it right). Choosing one switches the app at once, without a reload, and stores it.
 */
export function LanguageOptions({ legend, onChange }: { legend: string; onChange?: (code: string) => void }) {
  const [current, setLanguage] = useAtom(languageAtom);
  return (
    <fieldset className={styles.options}>
      <legend className={styles.legend}>{legend}</legend>
      {LANGUAGES.map((l) => (
        <label key={l.code} className={styles.option} lang={l.code}>
          <input
            type="radio"
            name="sawari-language"
            value={l.code}
            checked={current === l.code}
            onChange={() => {
              setLanguage(l.code);
              onChange?.(l.code);
            }}
          />
          <span>{l.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
