import { DEVELOPER_TEXT_PATTERNS, RIDER_ERROR_LANGUAGES, riderError, riderErrorKind, riderErrorMessage, type RiderErrorKind } from './rider-errors';

describe('riderErrorKind', () => {
  it.each<[string, { status?: number; code?: string } | null, RiderErrorKind]>([
    ['no answer', { status: 0, code: 'NETWORK_ERROR' }, 'offline'],
    ['nothing known', null, 'offline'],
    ['a booking that does not exist', { status: 404, code: 'BOOKING_NOT_FOUND' }, 'notFound'],
    ['a missing order', { status: 404, code: 'ORDER_NOT_FOUND' }, 'notFound'],
    ['an unknown kind of order', { status: 404, code: 'ORDER_KIND_UNKNOWN' }, 'notFound'],
    ['a plain 404', { status: 404, code: 'SOMETHING' }, 'notFound'],
    ['a path parameter the schema refused', { status: 400, code: 'VALIDATION_FAILED' }, 'badLink'],
    ['a GraphQL argument refused', { status: 400, code: 'BAD_USER_INPUT' }, 'badLink'],
    ['a plain 400', { status: 400, code: 'ODD' }, 'badLink'],
    ['an ended session', { status: 401, code: 'TOKEN_EXPIRED' }, 'signIn'],
    ['too many requests', { status: 429, code: 'RATE_LIMITED' }, 'busy'],
    ['a planner that is busy', { status: 503, code: 'PLANNER_BUSY' }, 'busy'],
    ['a service the city does not have', { status: 403, code: 'RESERVATIONS_NOT_ENABLED' }, 'notAllowed'],
    ['a server error', { status: 500, code: 'INTERNAL' }, 'generic'],
    ['a conflict no rule names', { status: 409, code: 'TICKET_USED' }, 'generic'],
  ])('%s', (_, error, kind) => expect(riderErrorKind(error)).toBe(kind));
});

describe('riderError', () => {
  const kinds: RiderErrorKind[] = ['notFound', 'badLink', 'signIn', 'offline', 'busy', 'notAllowed', 'generic'];
  const errorOf: Record<RiderErrorKind, { status: number; code: string }> = {
    notFound: { status: 404, code: 'NOT_FOUND' },
    badLink: { status: 400, code: 'VALIDATION_FAILED' },
    signIn: { status: 401, code: 'UNAUTHENTICATED' },
    offline: { status: 0, code: 'NETWORK_ERROR' },
    busy: { status: 429, code: 'RATE_LIMITED' },
    notAllowed: { status: 403, code: 'PASSES_NOT_ENABLED' },
    generic: { status: 500, code: 'INTERNAL' },
  };

  it('has words for every kind in each of the six languages, none of them developer text', () => {
    expect(RIDER_ERROR_LANGUAGES.sort()).toEqual(['en', 'hi', 'kn', 'ml', 'mr', 'ta']);
    for (const lang of RIDER_ERROR_LANGUAGES)
      for (const kind of kinds) {
        const t = riderError(errorOf[kind], lang);
        expect(t.kind).toBe(kind);
        for (const text of [t.title, t.message, t.home, t.retry]) {
          expect(text.trim().length).toBeGreaterThan(3);
          for (const p of DEVELOPER_TEXT_PATTERNS) expect(text).not.toMatch(p);
        }
      }
  });

  it('speaks Hindi to a Hindi rider and English to a rider in a language it does not know', () => {
    expect(riderError({ status: 404, code: 'BOOKING_NOT_FOUND' }, 'hi').title).toBe('यह नहीं मिला');
    expect(riderError({ status: 404, code: 'BOOKING_NOT_FOUND' }, 'hi-IN').title).toBe('यह नहीं मिला');
    expect(riderError({ status: 404, code: 'BOOKING_NOT_FOUND' }, 'fr').title).toBe('We could not find this');
  });

  it('never passes on the API message', () => {
    const apiError = { status: 400, code: 'VALIDATION_FAILED', message: 'Field "bookingId" in the path: must be a booking id (RSV-…).' };
    expect(riderErrorMessage(apiError, 'en')).toBe('Part of the address is missing or wrong. Start again from the home page.');
    expect(riderErrorMessage(apiError, 'en')).not.toContain('bookingId');
  });
});
