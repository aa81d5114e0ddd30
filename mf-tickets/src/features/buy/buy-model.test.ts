import { EMPTY_FLOW, MAX_PASSENGERS, quoteKey, type Flow } from '../common/model';
import { INSTANT_VALID_MINUTES, chooseDirection, directionServing, instantChoice, legsProblemId, missingStep, passengerProblemId } from './buy-model';

const route = { routeId: 'R1', routeName: '1A', longName: null, agency: null };
const complete: Flow = { ...EMPTY_FLOW, city: 'kochi', route, fromStopId: 'A', toStopId: 'C' };
const quoted = (f: Flow): Flow => ({ ...f, quote: { key: quoteKey(f), farePaise: 2000, agency: 'KSRTC' } });

describe('missingStep: the first step a buying screen sends the rider back to', () => {
  it.each<[string, Flow, 'stops' | 'quote' | 'details', string | null]>([
    ['no route', EMPTY_FLOW, 'stops', 'selectRoute'],
    ['a route of another city', { ...complete, city: 'mumbai' }, 'stops', 'selectRoute'],
    ['no drop stop', { ...complete, toStopId: null }, 'stops', 'selectStop'],
    ['stops chosen: the ticket screen shows', complete, 'stops', null],
    ['no quote yet', complete, 'quote', 'selectTicket'],
    ['a quote of another choice', { ...quoted(complete), passengers: { adult: 2, child: 0, senior: 0 } }, 'quote', 'selectTicket'],
    ['quoted: the details screen shows', quoted(complete), 'quote', null],
    ['quoted, details not confirmed', quoted(complete), 'details', 'userDetails'],
    ['quoted and confirmed: pay shows', { ...quoted(complete), detailsConfirmed: true }, 'details', null],
  ])('%s', (_what, flow, need, step) => {
    expect(missingStep(flow, 'kochi', need, quoteKey(flow))).toBe(step);
  });
});

describe('problem messages', () => {
  it('passenger counts and legs map to catalogue ids', () => {
    expect(passengerProblemId('NO_PASSENGERS')).toBe('error.noPassengers');
    expect(passengerProblemId('TOO_MANY_PASSENGERS')).toBe('error.tooManyPassengers');
    expect(legsProblemId('SAME_LEG')).toBe('multi.error.sameLeg');
    expect(legsProblemId('SAME_STOP')).toBe('error.sameStop');
    expect(legsProblemId('NOT_CONNECTED')).toBe('multi.error.notConnected');
    expect(legsProblemId('TOO_FEW_LEGS')).toBe('multi.error.count');
    expect(legsProblemId('TOO_MANY_LEGS')).toBe('multi.error.count');
  });
});

const dir = (directionId: number, ...ids: string[]) => ({ directionId, stops: ids.map((stop_id) => ({ stop_id })) });
const up = dir(0, 'A', 'B', 'C');
const down = dir(1, 'C', 'B', 'A');

describe('directionServing: the direction going from one stop to another', () => {
  it('finds the direction in travel order, none against it or for a missing stop', () => {
    expect(directionServing([up, down], 'A', 'C')).toBe(up);
    expect(directionServing([up, down], 'C', 'B')).toBe(down);
    expect(directionServing([up], 'C', 'A')).toBeUndefined();
    expect(directionServing([up, down], 'A', 'X')).toBeUndefined();
    expect(directionServing([up, down], 'A', null)).toBeUndefined();
  });
});

describe('chooseDirection: the direction the stop picker shows', () => {
  it('the flow’s, else where the boarding stop can be boarded, else the first; one-stop directions never', () => {
    const stub = dir(2, 'Z');
    expect(chooseDirection([stub, up, down], 1, 'A').shown).toBe(down);
    expect(chooseDirection([stub, up, down], null, 'C').shown).toBe(down);
    expect(chooseDirection([stub, up, down], null, null).shown).toBe(up);
    expect(chooseDirection([stub, up, down], null, null).directions).toEqual([up, down]);
    expect(chooseDirection([stub], null, null).shown).toBeUndefined();
  });
});

describe('instantChoice', () => {
  const fares = [
    { id: 'f10', farePaise: 1000 },
    { id: 'f20', farePaise: 2000 },
  ];
  it('nothing chosen: one passenger, nothing to pay; the limit is the lower of the app’s and the city’s', () => {
    expect(instantChoice(fares, null, 10)).toEqual({ chosen: null, count: 1, max: MAX_PASSENGERS, total: 0 });
    expect(instantChoice(fares, null, 3).max).toBe(3);
  });
  it('a fare and a count: their product; a fare no longer offered is not chosen', () => {
    expect(instantChoice(fares, { fareId: 'f20', count: 3 }, 6)).toEqual({ chosen: fares[1], count: 3, max: 6, total: 6000 });
    expect(instantChoice(fares, { fareId: 'gone', count: 2 }, 6).chosen).toBeNull();
  });
  it('an instant ticket is valid 15 minutes (shared/domain)', () => {
    expect(INSTANT_VALID_MINUTES).toBe(15);
  });
});
