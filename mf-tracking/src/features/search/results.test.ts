import { distanceFrom, mergePage, oneResultPerStation, routeTitle, splitPage, PAGE_SIZE } from './results';

describe('routeTitle: a route name shown once', () => {
  it('shows a long name alone when the feed has no short name (the name would be doubled)', () => {
    expect(routeTitle('High Court ↔ Nedungad (via Vypin)', 'High Court ↔ Nedungad (via Vypin)')).toEqual({
      badge: null,
      title: 'High Court ↔ Nedungad (via Vypin)',
    });
  });
  it('drops a number repeated at the start of the long name', () => {
    expect(routeTitle('12', '12 Vyttila - Aluva')).toEqual({ badge: '12', title: 'Vyttila - Aluva' });
    expect(routeTitle('12', '12: Vyttila - Aluva')).toEqual({ badge: '12', title: 'Vyttila - Aluva' });
    expect(routeTitle('12', '12')).toEqual({ badge: '12', title: '' });
    expect(routeTitle('12', null)).toEqual({ badge: '12', title: '' });
  });
  it('keeps a long name that only starts with the same characters', () => {
    expect(routeTitle('1', '12th Street Loop')).toEqual({ badge: '1', title: '12th Street Loop' });
  });
});

describe('paging', () => {
  it('merges a page without repeating what is already shown', () => {
    expect(mergePage([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'c' }], (x) => x.id)).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
  });
  it('says there are more only when the extra result came back', () => {
    const rows = Array.from({ length: PAGE_SIZE + 1 }, (_, i) => i);
    expect(splitPage(rows)).toEqual({ items: rows.slice(0, PAGE_SIZE), more: true });
    expect(splitPage(rows.slice(0, PAGE_SIZE))).toEqual({ items: rows.slice(0, PAGE_SIZE), more: false });
  });
});

describe('distanceFrom', () => {
  const rider = { lat: 9.9675, lon: 76.3204 };
  it('gives metres rounded to 10 under a kilometre, at least 10 m', () => {
    expect(distanceFrom(rider, 9.9675, 76.3204)).toEqual({ unit: 'meter', value: 10 });
    // 0.00315° of latitude ≈ 350 m.
    expect(distanceFrom(rider, 9.9675 + 0.00315, 76.3204)).toEqual({ unit: 'meter', value: 350 });
  });
  it('gives kilometres to one decimal from 1 km', () => {
    expect(distanceFrom(rider, 9.9675 + 0.0108, 76.3204)).toEqual({ unit: 'kilometer', value: 1.2 });
  });
});

describe('oneResultPerStation', () => {
  const stop = (id: string, name: string, lat: number, lon: number, towards: string[] = [], routeNames: string[] = []) => ({
    result_type: 'STOP',
    stop_id: id,
    name,
    lat,
    lon,
    towards,
    routeNames,
  });
  it("groups Kochi's five Kaloor platforms (500 m apart, no parent station) into one station, with every stop's directions and routes", () => {
    const hits = [
      stop('kal-1', 'Kaloor', 9.994, 76.291, ['Aluva'], ['FK–PAL']),
      stop('kal-stadium', 'Kaloor Stadium', 10.0, 76.299),
      stop('kal-2', 'Kaloor', 9.994, 76.291, ['Vyttila'], ['FK–PAL', 'ALU–FK']),
      stop('kal-3', 'Kaloor', 9.996, 76.291),
      stop('kal-4', 'Kaloor ', 9.993, 76.288),
      stop('kal-5', 'kaloor', 9.994, 76.291),
      { result_type: 'PLACE', stop_id: null, name: 'Kaloor Market', lat: 9.99, lon: 76.29 },
    ];
    const out = oneResultPerStation(hits);
    expect(out.map((h) => h.kind)).toEqual(['station', 'stop', 'place']);
    const [kaloor] = out;
    if (kaloor.kind !== 'station') throw new Error('not a station');
    expect(kaloor.name).toBe('Kaloor');
    expect(kaloor.stops.map((s) => s.stop_id)).toEqual(['kal-1', 'kal-2', 'kal-3', 'kal-4', 'kal-5']);
    expect(kaloor.towards).toEqual(['Aluva', 'Vyttila']);
    expect(kaloor.routeNames).toEqual(['FK–PAL', 'ALU–FK']);
    expect(kaloor.lat).toBeCloseTo(9.9947, 3);
  });
  it("names a big station's first three places and six routes, by their badges", () => {
    const names = [
      'Fort Kochi ↔ Palarivattom',
      'Aluva ↔ Fort Kochi via Menaka',
      'Kakkanad ↔ Thevara',
      'Ernakulam ↔ Vypin',
      'High Court ↔ Nedungad',
      'North Paravur ↔ Munambam',
      'Aluva ↔ Perumbavoor',
      'Kaloor ↔ North Paravur',
      'Edakochi ↔ Fort Kochi',
    ];
    const out = oneResultPerStation([
      stop('a', 'Vyttila', 9.9671, 76.3186, ['Aluva', 'Kakkanad'], names.slice(0, 5)),
      stop('b', 'Vyttila', 9.9672, 76.3187, ['Fort Kochi', 'Aluva', 'Edappally'], names.slice(3)),
    ]);
    if (out[0].kind !== 'station') throw new Error('not a station');
    expect(out[0].towards).toEqual(['Aluva', 'Kakkanad', 'Fort Kochi']);
    expect(out[0].routeNames).toEqual(['FK–PAL', 'ALU–FK', 'KAK–THE', 'ERN–VYP', 'HC–NED', 'NP–MUN']);
  });
  it('keeps same-named stops far apart as their own results (Palli, 30 km apart), and a lone stop as a stop', () => {
    const out = oneResultPerStation([stop('a', 'Palli', 10.0, 76.3), stop('b', 'Palli', 10.27, 76.3)]);
    expect(out.map((h) => h.kind)).toEqual(['stop', 'stop']);
  });
});
