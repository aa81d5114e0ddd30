import { firstVisitPath, isKioskPath, ownsPath } from './routing';

describe('ownsPath', () => {
  const prefixes = ['/airport-static-screens'];
  it('is active on /app<prefix> and below it only', () => {
    expect(ownsPath(prefixes, '/app/airport-static-screens')).toBe(true);
    expect(ownsPath(prefixes, '/app/airport-static-screens/airport-express-bus-time/T1')).toBe(true);
    expect(ownsPath(prefixes, '/app/airport-static-screens-old')).toBe(false);
    expect(ownsPath(prefixes, '/airport-static-screens/x')).toBe(false);
    expect(ownsPath([], '/app/x')).toBe(false);
  });
});

describe('isKioskPath', () => {
  it('is any path under /app/airport-static-screens/', () => {
    expect(isKioskPath('/app/airport-static-screens/airport-express-bus-time/T1')).toBe(true);
    expect(isKioskPath('/app/airport-static-screens')).toBe(false);
    expect(isKioskPath('/app/')).toBe(false);
  });
});

describe('firstVisitPath', () => {
  it('sends home to onboarding while no city is chosen, and nothing else anywhere', () => {
    expect(firstVisitPath('/app/', null)).toBe('/app/onboarding');
    expect(firstVisitPath('/app', null)).toBe('/app/onboarding');
    expect(firstVisitPath('/app/', '')).toBe('/app/onboarding');
    expect(firstVisitPath('/app/', 'kochi')).toBeNull();
    expect(firstVisitPath('/app/onboarding', null)).toBeNull();
    expect(firstVisitPath('/app/live-tracking', null)).toBeNull();
    expect(firstVisitPath('/app/login', null)).toBeNull();
    expect(firstVisitPath('/application/', null)).toBeNull();
  });
});
