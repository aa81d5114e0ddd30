import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseClusterConfig, clusterOfCity, KERALA_CLUSTER, vehicleNumberExample } from './cities';

describe('cluster config', () => {
  it('holds the twelve Kerala cluster cities', () => {
    expect(KERALA_CLUSTER.cityIdsInCluster).toHaveLength(12);
    expect(clusterOfCity('kochi', [KERALA_CLUSTER])).toBe('KERALA');
    expect(clusterOfCity('mumbai', [KERALA_CLUSTER])).toBeNull();
  });
  it('logs and gives nothing when the config is not a list', () => {
    const log = jest.fn();
    expect(parseClusterConfig({ clusterId: 'KERALA' }, log)).toEqual([]);
    expect(parseClusterConfig(null, log)).toEqual([]);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledWith('cluster config is not a list');
  });
  it('keeps well-formed entries and logs the others', () => {
    const log = jest.fn();
    expect(parseClusterConfig([KERALA_CLUSTER, { clusterId: 1 }, { clusterId: 'X', cityIdsInCluster: [2] }], log)).toEqual([KERALA_CLUSTER]);
    expect(log).toHaveBeenCalledTimes(2);
  });
});

describe("examples from the city, never another city's", () => {
  it('a vehicle number in the state of the city', () => {
    expect(vehicleNumberExample('Kerala')).toBe('KL01AB1234');
    expect(vehicleNumberExample(' maharashtra ')).toBe('MH01AB1234');
    expect(vehicleNumberExample('Tamil Nadu')).toBe('TN01AB1234');
    // the app's city config is in the rider's language: Kerala in Hindi and Malayalam is still Kerala
    expect(vehicleNumberExample('केरल')).toBe('KL01AB1234');
    expect(vehicleNumberExample('കേരളം')).toBe('KL01AB1234');
    expect(vehicleNumberExample('महाराष्ट्र')).toBe('MH01AB1234');
    expect(vehicleNumberExample('Atlantis')).toBeNull();
    expect(vehicleNumberExample(undefined)).toBeNull();
  });
});

describe('every configured city has its own example vehicle number, in every language it is named in', () => {
  const file = JSON.parse(readFileSync(join(__dirname, '../../../api/data/accounts/cities.json'), 'utf8')) as
    { state: string; localNames?: Record<string, { state: string }> }[] | { cities: { state: string; localNames?: Record<string, { state: string }> }[] };
  const cities = Array.isArray(file) ? file : file.cities;
  it.each(cities.map((c) => [c.state, c]))('%s', (_state, c) => {
    const example = vehicleNumberExample(c.state);
    expect(example).toMatch(/^[A-Z]{2}01AB1234$/);
    for (const local of Object.values(c.localNames ?? {})) expect(vehicleNumberExample(local.state)).toBe(example);
  });
});
