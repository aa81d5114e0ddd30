import { routeGroups, routeRowName, type StopRoute } from './stopRoutes';

const r = (id: string, name: string, long: string | null, agency: string | null): StopRoute => ({
  route_id: id,
  route_name: name,
  route_long_name: long,
  agency_name: agency,
});

describe("a stop's routes, grouped", () => {
  it('by agency, the largest group first, each in badge order', () => {
    const groups = routeGroups([
      r('b1', 'Ernakulam ↔ Vypin', 'Ernakulam ↔ Vypin', 'Kochi city boat'),
      r('c2', 'Kakkanad ↔ Thevara', 'Kakkanad ↔ Thevara', 'Kochi city bus'),
      r('c1', 'Aluva ↔ Fort Kochi via Menaka', 'Aluva ↔ Fort Kochi via Menaka', 'Kochi city bus'),
      r('x', '12', null, null),
    ]);
    expect(groups.map((g) => [g.agency, g.routes.map((x) => x.route_id)])).toEqual([
      ['Kochi city bus', ['c1', 'c2']],
      ['Kochi city boat', ['b1']],
      [null, ['x']],
    ]);
  });
  it('names a route beside its badge when the badge does not say it all', () => {
    expect(routeRowName(r('a', 'Fort Kochi ↔ Palarivattom', 'Fort Kochi ↔ Palarivattom', null))).toBe('Fort Kochi ↔ Palarivattom');
    expect(routeRowName(r('a', '5', 'Sion - Dadar', null))).toBe('Sion - Dadar');
    expect(routeRowName(r('a', '5', '5', null))).toBe('');
  });
});
