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

/** The configured cities' states as the app names them in its other languages (a screen's city is in the rider's). */
const STATE_LOCAL_NAMES: Record<string, string[]> = {
  MH: ['महाराष्ट्र', 'மகாராஷ்டிரா', 'ಮಹಾರಾಷ್ಟ್ರ', 'മഹാരാഷ്ട്ര'],
  KL: ['केरल', 'केरळ', 'கேரளா', 'ಕೇರಳ', 'കേരളം'],
  KA: ['कर्नाटक', 'கர்நாடகா', 'ಕರ್ನಾಟಕ', 'കർണാടക'],
  TN: ['तमिलनाडु', 'तमिळनाडू', 'தமிழ்நாடு', 'ತಮಿಳುನಾಡು', 'തമിഴ്നാട്'],
  DL: ['दिल्ली', 'தில்லி', 'ದೆಹಲಿ', 'ഡൽഹി'],
};
const REGISTRATION_BY_NAME = new Map<string, string>([
  ...Object.entries(STATE_REGISTRATION),
  ...Object.entries(STATE_LOCAL_NAMES).flatMap(([code, names]) => names.map((n) => [n, code] as [string, string])),
]);

/**
 * An example vehicle number for a city's screens ("for example KL01AB1234" in Kochi, "MH01AB1234" in Mumbai), from
 * the state in the city's configuration, named in English or in the rider's language (the app's city config is
 * localised); null for a state this table does not know (the screen then gives none, rather than another state's).
 */
export function vehicleNumberExample(state: string | null | undefined): string | null {
  const code = REGISTRATION_BY_NAME.get((state ?? '').trim().toLowerCase()) ?? REGISTRATION_BY_NAME.get((state ?? '').trim());
  return code ? `${code}01AB1234` : null;
}
