import { distanceFrom, mergePage, routeTitle, splitPage, PAGE_SIZE } from './results';

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
