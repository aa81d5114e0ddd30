import { product } from '../../test/fixtures';
import { landingFares, ticketPath, withBankOffer } from './links';

it('a landing page lists every fare with its category, on sale only when fare and category are', () => {
  const p = product();
  p.categories[1] = { ...p.categories[1], isActive: false };
  p.fareMapping.adult[0] = { ...p.fareMapping.adult[0], isActive: false };
  expect(landingFares(p).map((x) => [x.category.id, x.fare.fmId, x.onSale])).toEqual([
    ['adult', 'gen-7', false],
    ['adult', 'gen-30', true],
    ['student', 'stu-30', false],
  ]);
});

it('a bank’s offers: the products with that bank, whatever its case', () => {
  const a = product({ id: 'a', bankOffers: [{ bank: 'Hdfc', percentOff: 10 }] });
  const b = product({ id: 'b', bankOffers: [{ bank: 'SBI', percentOff: 5 }] });
  expect(withBankOffer([a, b, product({ id: 'c' })], 'HDFC').map((p) => p.id)).toEqual(['a']);
  expect(withBankOffer([a, b], 'ICICI')).toEqual([]);
});

it('a ticket link goes to the tickets remote with its city and route', () => {
  expect(ticketPath('kochi', 'R 1/2')).toBe('/one-way-ticket?city=kochi&routeId=R%201%2F2');
});
