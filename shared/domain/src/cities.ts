/** Spec §3 "Cluster config" and §9 home clusters. */
export interface ClusterConfig {
  clusterId: string;
  cityIdsInCluster: string[];
}

export const KERALA_CLUSTER: ClusterConfig = {
  clusterId: 'KERALA',
  cityIdsInCluster: [
    'thiruvananthapuram',
    'kottayam',
    'coimbatore',
    'ernakulam',
    'kollam',
    'kozhikode',
    'malappuram',
    'mangaluru',
    'thrissur',
    'pathanamthitta',
    'wayanad',
    'kochi',
  ],
};
export const HOME_CLUSTERS = ['Navi Mumbai', 'Thane', 'Western Suburbs'] as const;

/**
 * Spec §8: a cluster config that is not a list is logged as an error and gives nothing. Entries that are not
 * well-formed are dropped the same way.
 */
export function parseClusterConfig(value: unknown, logError: (message: string) => void): ClusterConfig[] {
  if (!Array.isArray(value)) {
    logError('cluster config is not a list');
    return [];
  }
  return value.filter((c): c is ClusterConfig => {
    const ok =
      !!c &&
      typeof c === 'object' &&
      typeof (c as ClusterConfig).clusterId === 'string' &&
      Array.isArray((c as ClusterConfig).cityIdsInCluster) &&
      (c as ClusterConfig).cityIdsInCluster.every((x) => typeof x === 'string');
    if (!ok) logError('cluster config entry is malformed');
    return ok;
  });
}

export const clusterOfCity = (cityId: string, clusters: readonly ClusterConfig[]): string | null =>
  clusters.find((c) => c.cityIdsInCluster.includes(cityId))?.clusterId ?? null;

/** The registration-mark letters of each state and union territory (the first two letters painted on a bus). */
const STATE_REGISTRATION: Record<string, string> = {
  'andhra pradesh': 'AP',
  assam: 'AS',
  bihar: 'BR',
  chandigarh: 'CH',
  chhattisgarh: 'CG',
  delhi: 'DL',
  goa: 'GA',
  gujarat: 'GJ',
  haryana: 'HR',
  'himachal pradesh': 'HP',
  'jammu and kashmir': 'JK',
  jharkhand: 'JH',
  karnataka: 'KA',
  kerala: 'KL',
  'madhya pradesh': 'MP',
  maharashtra: 'MH',
  odisha: 'OD',
  puducherry: 'PY',
  punjab: 'PB',
  rajasthan: 'RJ',
  'tamil nadu': 'TN',
  telangana: 'TS',
  'uttar pradesh': 'UP',
  uttarakhand: 'UK',
  'west bengal': 'WB',
};

/**
 * An example vehicle number for a city's screens ("for example KL01AB1234" in Kochi, "MH01AB1234" in Mumbai), from
 * the state in the city's configuration; null for a state this table does not know (the screen then gives none,
 * rather than another state's).
 */
export function vehicleNumberExample(state: string | null | undefined): string | null {
  const code = STATE_REGISTRATION[(state ?? '').trim().toLowerCase()];
  return code ? `${code}01AB1234` : null;
}
