import { useIntl } from 'react-intl';
import { useCityConfig } from '@sawari/runtime';
import { ListSkeleton, LoadError, Page } from '../common/Page';
import { go } from '../common/nav';
import { CityPicker } from './CityPicker';

/** /change-city: the searchable list grouped by cluster; choosing a city stores it and goes home. */
export default function ChangeCityScreen() {
  const intl = useIntl();
  const { cityId, setCity, cities, clusters, status, error, retry } = useCityConfig();
  return (
    <Page heading={intl.formatMessage({ id: 'city.heading' })}>
      {status === 'error' ? (
        <LoadError error={error} onRetry={retry} />
      ) : cities.length === 0 ? (
        <ListSkeleton rows={6} />
      ) : (
        <CityPicker
          data={{ cities, clusters }}
          currentId={cityId}
          onSelect={(c) => {
            setCity(c.id);
            go('/');
          }}
        />
      )}
    </Page>
  );
}
