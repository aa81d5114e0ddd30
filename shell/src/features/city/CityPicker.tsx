import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { CityConfig, CitiesData } from '@sawari/runtime';
import styles from '../common/page.module.css';
import own from './city.module.css';

type Group = { id: string; title: string; cities: CityConfig[] };

/** Cities grouped by their cluster (the Kerala cluster first, as the config lists it), the rest under "Other cities". */
export function groupCities(data: CitiesData, query: string, clusterTitle: (id: string) => string, otherTitle: string): Group[] {
  const q = query.trim().toLocaleLowerCase();
  const matches = (c: CityConfig) => !q || c.name.toLocaleLowerCase().includes(q) || c.state.toLocaleLowerCase().includes(q) || c.id.includes(q);
  const byName = (a: CityConfig, b: CityConfig) => a.name.localeCompare(b.name);
  const placed = new Set<string>();
  const groups: Group[] = [];
  for (const cluster of data.clusters) {
    const cities = data.cities.filter((c) => cluster.cityIdsInCluster.includes(c.id) && !placed.has(c.id));
    cities.forEach((c) => placed.add(c.id));
    groups.push({ id: cluster.clusterId, title: clusterTitle(cluster.clusterId), cities: cities.filter(matches).sort(byName) });
  }
  groups.push({ id: '', title: otherTitle, cities: data.cities.filter((c) => !placed.has(c.id) && matches(c)).sort(byName) });
  return groups.filter((g) => g.cities.length > 0);
}

/** A searchable list of every city, grouped by cluster. Choosing one calls `onSelect`. */
export function CityPicker({ data, currentId, onSelect }: { data: CitiesData; currentId: string | null; onSelect: (city: CityConfig) => void }) {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const groups = useMemo(
    () =>
      groupCities(data, query, (id) => intl.formatMessage({ id: `city.cluster.${id}`, defaultMessage: id }), intl.formatMessage({ id: 'city.otherCities' })),
    [data, query, intl],
  );
  const count = groups.reduce((n, g) => n + g.cities.length, 0);
  return (
    <div>
      <div className={styles.field}>
        <label htmlFor={searchId}>{intl.formatMessage({ id: 'city.search.label' })}</label>
        <input
          id={searchId}
          className={styles.input}
          type="search"
          value={query}
          autoComplete="off"
          placeholder={intl.formatMessage({ id: 'city.search.placeholder' })}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <p role="status" className={styles.hint}>
        {count === 0 ? intl.formatMessage({ id: 'city.noMatch' }, { query: query.trim() }) : intl.formatMessage({ id: 'city.count' }, { count })}
      </p>
      {groups.map((g) => (
        <section key={g.id || 'other'} aria-label={g.title}>
          <h2 className={own.group}>{g.title}</h2>
          <ul className={own.grid}>
            {g.cities.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`${styles.card} ${own.city}`}
                  aria-current={c.id === currentId ? 'true' : undefined}
                  onClick={() => onSelect(c)}
                >
                  <span className={styles.cardTitle}>{c.name}</span>
                  <span className={styles.cardDesc}>
                    {c.state}
                    {c.id === currentId ? ` · ${intl.formatMessage({ id: 'city.current' })}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
