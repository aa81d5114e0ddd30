import { cityDate, dateToMillis, EMPTY_FORM, firstError, formatDob, fromProfile, photoError, toProfileInput, validateProfile } from './profileModel';

const TODAY = '2026-11-21';
const form = (over: Partial<typeof EMPTY_FORM>) => ({ ...EMPTY_FORM, firstName: 'Asha', ...over });

describe('dates of birth in city time (Asia/Kolkata)', () => {
  it('is midnight in the city, and reads back as the same date', () => {
    const ms = dateToMillis('1990-01-05')!;
    expect(new Date(ms).toISOString()).toBe('1990-01-04T18:30:00.000Z');
    expect(cityDate(ms)).toBe('1990-01-05');
    expect(dateToMillis('2001-02-30')).toBeNull();
    expect(dateToMillis('05/01/1990')).toBeNull();
  });
  it('shows DD MMM YYYY in city time', () => {
    expect(formatDob(Date.UTC(1990, 0, 4, 18, 30))).toBe('05 Jan 1990');
    expect(formatDob(Date.UTC(1990, 0, 4, 18, 29))).toBe('04 Jan 1990');
  });
});

describe('validation (spec §5)', () => {
  it('accepts a plain profile, with optional fields empty', () => {
    expect(validateProfile(form({}), TODAY)).toEqual({});
    expect(validateProfile(form({ lastName: 'Rao Kumar', mailId: 'a@b.in', gender: 'female', dob: '1990-01-05' }), TODAY)).toEqual({});
  });
  it('wants a first name of letters and spaces, a last name likewise, an email of the right form', () => {
    const errors = validateProfile(form({ firstName: 'A5ha', lastName: 'R@o', mailId: 'nope' }), TODAY);
    expect(errors).toEqual({ firstName: 'profile.error.name', lastName: 'profile.error.name', mailId: 'profile.error.email' });
    expect(firstError(errors)).toBe('firstName');
    expect(validateProfile(form({ firstName: '  ' }), TODAY)).toEqual({ firstName: 'profile.error.firstNameRequired' });
  });
  it('refuses a date of birth in the future (today is fine)', () => {
    expect(validateProfile(form({ dob: '2026-11-22' }), TODAY)).toEqual({ dob: 'profile.error.dobFuture' });
    expect(validateProfile(form({ dob: TODAY }), TODAY)).toEqual({});
    expect(validateProfile(form({ dob: '1850-01-01' }), TODAY)).toEqual({ dob: 'profile.error.dobInvalid' });
  });
});

describe('photo (spec §5: 1,000,000 bytes per MB)', () => {
  it('takes images up to exactly 5 MB', () => {
    expect(photoError({ type: 'image/png', size: 5_000_000 })).toBeNull();
    expect(photoError({ type: 'image/jpeg', size: 5_000_001 })).toBe('profile.error.photoSize');
    expect(photoError({ type: 'application/pdf', size: 10 })).toBe('profile.error.photoType');
  });
});

describe('wire shapes', () => {
  it('sends trimmed names, nulls for empty optional fields and the dob in ms', () => {
    expect(toProfileInput(form({ firstName: ' Asha  Devi ', dob: '1990-01-05' }))).toEqual({
      firstName: 'Asha Devi',
      lastName: '',
      mailId: null,
      gender: null,
      dobInMillis: Date.UTC(1990, 0, 4, 18, 30),
    });
    const p = {
      userId: 'u',
      firstName: 'Asha',
      lastName: 'Rao',
      mailId: null,
      mobileNumber: '9876543210',
      gender: null,
      dobInMillis: Date.UTC(1990, 0, 4, 18, 30),
      profilePhoto: null,
    };
    expect(fromProfile(p)).toEqual({ firstName: 'Asha', lastName: 'Rao', mailId: '', gender: '', dob: '1990-01-05' });
  });
});
