import { INDIA } from '@sawari/domain';
import {
  afterLoginPath,
  afterProfilePath,
  isForSos,
  formatPhone,
  newRiderPath,
  loginPath,
  OtpSubmissions,
  otpPath,
  pickCountry,
  triesLeftFrom,
} from './loginModel';

describe('after sign-in', () => {
  it('goes to the decoded redirect path under /app, or home', () => {
    expect(afterLoginPath(undefined)).toBe('/');
    expect(afterLoginPath('/profile/edit-profile')).toBe('/profile/edit-profile');
    expect(afterLoginPath('SOS')).toBe('/SOS');
    expect(afterLoginPath('/Favorites/search/%7Ba%7D')).toBe('/Favorites/search/%7Ba%7D');
  });
  it('never goes back into sign-in or to another host', () => {
    expect(afterLoginPath('/login')).toBe('/');
    expect(afterLoginPath('/login/login-otp')).toBe('/');
    expect(afterLoginPath('//evil.example/x')).toBe('/');
  });
  it('keeps the redirect as one encoded path segment', () => {
    expect(loginPath('/profile')).toBe('/login/%2Fprofile');
    expect(otpPath('/profile')).toBe('/login/login-otp/%2Fprofile');
    expect(loginPath()).toBe('/login');
    expect(otpPath()).toBe('/login/login-otp');
  });
});

describe('wrong code', () => {
  it('reads tries left from the body, else from the message', () => {
    expect(triesLeftFrom({ details: { triesLeft: 2 }, message: '' })).toBe(2);
    expect(triesLeftFrom({ message: 'That code is not right. You have 1 try left.' })).toBe(1);
    expect(triesLeftFrom({ message: 'That code is not right. You have 4 tries left.' })).toBe(4);
    expect(triesLeftFrom({ message: 'Wrong.' })).toBeNull();
  });
});

describe('country and phone', () => {
  it('takes India from the countries answer, else the built-in one', () => {
    const served = { id: 'IN', name: 'India', callingCode: '+91', supportedPhoneNumberLength: 10 };
    expect(pickCountry({ countries: [served] })).toEqual(served);
    expect(pickCountry(undefined)).toBe(INDIA);
    expect(pickCountry({ countries: [{ callingCode: '+44' }] })).toBe(INDIA);
  });
  it('formats a number for reading', () => expect(formatPhone('9876543210')).toBe('+91 98765 43210'));
});

describe('a new rider continues where they were going', () => {
  it('goes through the profile form with ?next= and on to the redirect after saving', () => {
    expect(newRiderPath('/your-tickets-and-passes')).toBe('/profile/edit-profile?next=%2Fyour-tickets-and-passes');
    expect(afterProfilePath('?next=%2Fyour-tickets-and-passes')).toBe('/your-tickets-and-passes');
    expect(newRiderPath('productHooks/bus-pass-purchase/fares/mum-general')).toBe(
      '/profile/edit-profile?next=%2FproductHooks%2Fbus-pass-purchase%2Ffares%2Fmum-general',
    );
  });
  it('without a redirect: the profile form, then /profile', () => {
    expect(newRiderPath(undefined)).toBe('/profile/edit-profile');
    expect(afterProfilePath('')).toBe('/profile');
  });
  it('never sends to another host or back into sign-in', () => {
    expect(afterProfilePath('?next=%2F%2Fevil.example')).toBe('/');
    expect(afterProfilePath('?next=%2Flogin%2Fx')).toBe('/');
  });
});

test('isForSos: sign-in on the way to SOS or its message screen, nothing else', () => {
  expect(isForSos('SOS')).toBe(true);
  expect(isForSos('/SOS')).toBe(true);
  expect(isForSos('SOS/editSOSMessage')).toBe(true);
  expect(isForSos(undefined)).toBe(false);
  expect(isForSos('SOSX')).toBe(false);
  expect(isForSos('favourites')).toBe(false);
  expect(isForSos('//SOS')).toBe(false);
});

describe('one code, one try (OtpSubmissions)', () => {
  it('sends a code once: not again while it is in flight, nor after the server judged it', () => {
    const sent = new OtpSubmissions<string>();
    expect(sent.begin('123456')).toEqual({ send: true });
    expect(sent.begin('123456')).toEqual({ send: false, why: 'inFlight' });
    // another code while one is in flight waits too: the server counts every code it is sent
    expect(sent.begin('654321')).toEqual({ send: false, why: 'inFlight' });
    sent.judged('123456', 'wrong, 2 tries left');
    expect(sent.begin('123456')).toEqual({ send: false, why: 'alreadyJudged', verdict: 'wrong, 2 tries left' });
    expect(sent.begin('654321')).toEqual({ send: true });
  });
  it('a code that never reached a verdict (offline) may be sent again', () => {
    const sent = new OtpSubmissions<string>();
    expect(sent.begin('123456').send).toBe(true);
    sent.notJudged('123456');
    expect(sent.begin('123456').send).toBe(true);
  });
  it('a new code asked for: earlier verdicts no longer hold', () => {
    const sent = new OtpSubmissions<string>();
    sent.begin('123456');
    sent.judged('123456', 'wrong');
    sent.reset();
    expect(sent.begin('123456').send).toBe(true);
  });
});
