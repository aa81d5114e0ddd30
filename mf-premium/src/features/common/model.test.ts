import { errorMessageId, flowPaths, mmss, passengerProblem, passengersFrom, paths } from './model';

describe('premium model', () => {
  it('reads passengers from the query: defaults, digits only, 1 to 6 in all', () => {
    expect(passengersFrom(new URLSearchParams(''))).toEqual({ adult: 1, child: 0, senior: 0 });
    expect(passengersFrom(new URLSearchParams('adult=2&child=1'))).toEqual({ adult: 2, child: 1, senior: 0 });
    expect(passengersFrom(new URLSearchParams('adult=0'))).toBeNull();
    expect(passengersFrom(new URLSearchParams('adult=4&child=2'))).toEqual({ adult: 4, child: 2, senior: 0 });
    expect(passengersFrom(new URLSearchParams('adult=4&child=3'))).toBeNull();
    expect(passengersFrom(new URLSearchParams('adult=x'))).toBeNull();
    expect(passengersFrom(new URLSearchParams('adult=-1'))).toBeNull();
  });
  it('says what is wrong with a passenger choice at the boundaries', () => {
    expect(passengerProblem({ adult: 0, child: 0, senior: 0 }, 10)).toBe('none');
    expect(passengerProblem({ adult: 6, child: 0, senior: 0 }, 10)).toBeNull();
    expect(passengerProblem({ adult: 6, child: 1, senior: 0 }, 10)).toBe('tooMany');
    expect(passengerProblem({ adult: 3, child: 0, senior: 0 }, 2)).toBe('notEnoughSeats');
    expect(passengerProblem({ adult: 2, child: 0, senior: 0 }, 2)).toBeNull();
  });
  it('builds step URLs per product', () => {
    expect(flowPaths('PREMIUM').slots('PRM-1', 'A', 'B', '20261123')).toBe('/premium-buses/select-slot?lineId=PRM-1&fromStopId=A&toStopId=B&date=20261123');
    expect(flowPaths('EVENT').fare('EVT-1.202612050600', 'A', 'B', { adult: 1, child: 0, senior: 0 })).toBe(
      '/great-escape/fare-details?tripId=EVT-1.202612050600&fromStopId=A&toStopId=B&adult=1&child=0&senior=0',
    );
    // the fare page keeps its slot's line and day (its "← Choose a slot" returns to the same list)
    expect(flowPaths('PREMIUM').fare('PRM-1.202612050600', 'A', 'B', { adult: 2, child: 1, senior: 0 }, undefined, 'PRM-1', '20261205')).toBe(
      '/premium-buses/fare-details?tripId=PRM-1.202612050600&fromStopId=A&toStopId=B&adult=2&child=1&senior=0&lineId=PRM-1&date=20261205',
    );
    expect(flowPaths('EVENT').success('RSV-1')).toBe('/great-escape/booking-success?transactionId=RSV-1');
    expect(flowPaths('AIRPORT').success('RSV-1')).toBe('/premium-buses/ticket-successful-booking/RSV-1');
    expect(paths.manage('RSV-1', 'cancel')).toBe('/premium-buses/cancellationRescheduleCard/RSV-1?mode=cancel');
  });
  it('knows the codes it explains', () => {
    expect(errorMessageId('SOLD_OUT')).toBe('error.SOLD_OUT');
    expect(errorMessageId('WHATEVER')).toBeNull();
    expect(errorMessageId(undefined)).toBeNull();
  });
  it('countdowns', () => {
    expect(mmss(600)).toBe('10:00');
    expect(mmss(61)).toBe('1:01');
    expect(mmss(-3)).toBe('0:00');
  });
});
