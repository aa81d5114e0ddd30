import fs from 'node:fs';
import path from 'node:path';
import { rechargeBreakup } from './cards';
import { FARE_LINE_KEYS, fareLineMeaning, sumFareLines } from './fare-lines';
import { quoteFare, TICKET_FARE_LINE, type FareTable } from './fares';
import { seatFare, SEAT_FARE_LINE } from './reservations';

describe('what a fare breakup line means', () => {
  it.each([
    ['Pass price', 'passPrice'],
    ['Discount', 'discount'],
    ['Welcome offer', 'welcome'],
    ['Trial offer', 'trial'],
    ['Ticket fare', 'ticket'],
    ['Seat fare', 'seat'],
    ['Adult', 'person.adult'],
    ['Child', 'person.child'],
    ['Senior citizen', 'person.senior'],
    ['Adult concession', 'concession.adult'],
    ['Child concession', 'concession.child'],
    ['Senior citizen concession', 'concession.senior'],
    ['Recharge amount', 'recharge'],
    ['Card load fee', 'cardFee'],
  ])('%s: fareLine.%s', (name, key) => {
    expect(fareLineMeaning(name)).toEqual({ key });
  });

  it('a bank offer keeps its bank', () => {
    expect(fareLineMeaning('Bank offer (HDFC)')).toEqual({ key: 'bank', values: { bank: 'HDFC' } });
    expect(fareLineMeaning('Bank offer ()')).toBeNull();
  });

  it("a name written elsewhere (a promotion's own title), or in another case, is shown as it came", () => {
    expect(fareLineMeaning('Diwali free ride')).toBeNull();
    expect(fareLineMeaning('seat fare')).toBeNull();
    expect(fareLineMeaning('constructor')).toBeNull();
    expect(fareLineMeaning('toString')).toBeNull();
    expect(fareLineMeaning('')).toBeNull();
  });

  it('FARE_LINE_KEYS is every key it answers, each once', () => {
    expect(FARE_LINE_KEYS).toEqual(
      [
        'bank',
        'cardFee',
        'concession.adult',
        'concession.child',
        'concession.senior',
        'discount',
        'passPrice',
        'person.adult',
        'person.child',
        'person.senior',
        'recharge',
        'seat',
        'ticket',
        'trial',
        'welcome',
      ].sort(),
    );
  });

  it('every line the shared fare rules write, with the passenger types of the fare tables we ship, has a meaning', () => {
    const shipped = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../api/data/tickets/fares.json'), 'utf8')) as {
      cities: Record<string, { tables: Pick<FareTable, 'passengerTypes'>[] }>;
    };
    const tables = Object.values(shipped.cities).flatMap((c) => c.tables);
    expect(tables.length).toBeGreaterThan(0);
    const rule = { model: 'stage' as const, stageMeters: 2_000, minimumFarePaise: 1_000, minimumStages: 1, perStagePaise: 500 };
    const tickets = tables.map((t) =>
      quoteFare({ agency: 'Test', rule, roundingLogic: 'NEAREST_RUPEE', maxPassengers: 6, passengerTypes: t.passengerTypes }, 5_000, {
        adult: 1,
        child: 1,
        senior: 1,
      }),
    );
    const seat = seatFare({ adult: 25_000, child: 12_500, senior: 20_000 }, { adult: 1, child: 1, senior: 1 }, 10);
    const names = [
      ...[...tickets, seat].flatMap((f) => f.passengerDetails.flatMap((g) => [g.name, ...g.fareBreakup.map((l) => l.name)])),
      ...rechargeBreakup('ncmc', 10_000).lines.map((l) => l.name),
    ];
    expect(names).toEqual(expect.arrayContaining([SEAT_FARE_LINE, TICKET_FARE_LINE, 'Child concession', 'Card load fee']));
    expect(names.filter((n) => !fareLineMeaning(n))).toEqual([]);
  });
});

describe('sumFareLines', () => {
  it('adds up lines of one name, in the order each name first came', () => {
    expect(
      sumFareLines([
        { name: 'Seat fare', value: 25_000 },
        { name: 'Seat fare', value: 25_000 },
        { name: 'Child concession', value: -12_500 },
        { name: 'Seat fare', value: 25_000 },
      ]),
    ).toEqual([
      { name: 'Seat fare', value: 75_000 },
      { name: 'Child concession', value: -12_500 },
    ]);
    expect(sumFareLines([])).toEqual([]);
  });
});
