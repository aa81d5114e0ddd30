import { BADGE_MAX_CHARS, routeBadgeLabel } from './route-badge';

// A route badge holds a short name, never a whole route description: Kochi's routes have no short names, and their
// long names drawn whole in the badge squeezed Home's headsign into a column one letter wide (issue 36).
describe('routeBadgeLabel', () => {
  it.each(['5', '21A', 'AE1', 'AX1', '500D-LT'])('a short name as it is: %s', (name) => {
    expect(routeBadgeLabel(name)).toEqual({ label: name, abbreviated: false });
  });
  it.each([
    ['Fort Kochi ↔ Palarivattom', 'FK–PAL'],
    ['Aluva ↔ Fort Kochi via Menaka', 'ALU–FK'],
    ['North Paravur ↔ Kottuvally South (via Athani)', 'NP–KS'],
    ['Ernakulam ↔ Fort Kochi via Wellington Island', 'ERN–FK'],
    ['Vyttila Mobility Hub ↔ Vyttila Mobility Hub (clockwise, via Kadavanthra and Palarivattam bypass)', 'VMH↻'],
    ['Kakkanad - Thevara', 'KAK–THE'],
    ['Kakkanad Circular', 'KC'],
    ['12 Vyttila - Aluva', '12'],
    ['AX1: Airport Express', 'AX1'],
  ])('a long name abbreviated to its ends: %s is %s', (name, label) => {
    expect(routeBadgeLabel(name)).toEqual({ label, abbreviated: true });
  });
  it('abbreviates names in any script by whole letters (a vowel sign stays with its letter)', () => {
    expect(routeBadgeLabel('फोर्ट कोच्चि ↔ पालारिवट्टोम').label).toBe('फोको–पालारि');
    expect(routeBadgeLabel('ഫോർട്ട് കൊച്ചി ↔ പാലാരിവട്ടം').label).toBe('ഫോകൊ–പാലാരി');
  });
  it('every Kochi-like long name gives a label a badge can hold', () => {
    const names = [
      'High Court ↔ Nedungad (via Vypin)',
      'Vypin ↔ Fort Kochi (Ro Ro)',
      'Cheranellore ↔ Mattancherry (via Chittoor)',
      'Vyttila Mobility Hub ↔ Vyttila Mobility Hub (anti-clockwise, via Thamannam and Kadavanthara)',
      'A very long route description without any separator at all',
    ];
    for (const n of names) expect([...routeBadgeLabel(n).label].length).toBeLessThanOrEqual(BADGE_MAX_CHARS + 1);
  });
});
