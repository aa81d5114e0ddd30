import {
  isValidOtp,
  luhnValid,
  isValidIndianMobile,
  digitsOnly,
  isValidName,
  isValidEmail,
  isDigitsOnly,
  isDigitsAndSpaces,
  isNumberWithDot,
  isFileTooLarge,
  BYTES_PER_MB,
  COUNTRIES,
} from './validation';
import { exceedsUploadQuota, UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_MB, sosMessageProblem, SOS_MESSAGE_MAX, SOS_MESSAGE_MAX_LINES } from './validation';

describe('OTP: exactly 6 digits', () => {
  it.each(['000000', '123456', '999999'])('accepts %s', (v) => expect(isValidOtp(v)).toBe(true));
  it.each(['', '12345', '1234567', '12345a', ' 123456', '123 456', '１２３４５６'])('refuses %j', (v) => expect(isValidOtp(v)).toBe(false));
});

describe('Indian mobile number: 10 digits', () => {
  it('lists India alone, +91 and 10 digits', () => {
    expect(COUNTRIES).toEqual([{ id: 'IN', name: 'India', callingCode: '+91', supportedPhoneNumberLength: 10 }]);
  });
  it.each(['9876543210', '6000000000', '7999999999'])('accepts %s', (v) => expect(isValidIndianMobile(v)).toBe(true));
  it.each(['987654321', '98765432101', '5876543210', '0876543210', '+919876543210', '98765 43210'])('refuses %s', (v) =>
    expect(isValidIndianMobile(v)).toBe(false),
  );
  it('keeps only digits up to the allowed length while typing or pasting', () => {
    expect(digitsOnly('+91 98765-43210', 12)).toBe('919876543210');
    expect(digitsOnly('98765 43210 99', 10)).toBe('9876543210');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('name: letters and spaces only', () => {
  it.each(['Asha', 'Asha Devi', 'राम कुमार', 'അനു', 'Zoë'])('accepts %s', (v) => expect(isValidName(v)).toBe(true));
  it.each(['', ' ', 'Asha1', 'A.B', "O'Neil", 'Asha  Devi', 'x'.repeat(51)])('refuses %j', (v) => expect(isValidName(v)).toBe(false));
});

describe('email', () => {
  it.each(['a@b.in', 'rider.name+bus@example.co.in'])('accepts %s', (v) => expect(isValidEmail(v)).toBe(true));
  it.each(['', 'a@b', 'a b@c.in', 'a@@b.in', '@b.in', 'a@b..in', 'a@.in'])('refuses %j', (v) => expect(isValidEmail(v)).toBe(false));
});

describe('numeric patterns', () => {
  it('digits only', () => {
    expect(isDigitsOnly('0123')).toBe(true);
    expect(isDigitsOnly('')).toBe(false);
    expect(isDigitsOnly('1 2')).toBe(false);
  });
  it('digits and spaces', () => {
    expect(isDigitsAndSpaces('1234 5678')).toBe(true);
    expect(isDigitsAndSpaces('   ')).toBe(false);
    expect(isDigitsAndSpaces('12-34')).toBe(false);
  });
  it('numbers with a dot', () => {
    expect(isNumberWithDot('10')).toBe(true);
    expect(isNumberWithDot('10.50')).toBe(true);
    expect(isNumberWithDot('10.')).toBe(false);
    expect(isNumberWithDot('.5')).toBe(false);
    expect(isNumberWithDot('1.2.3')).toBe(false);
  });
});

describe('uploads: over 5 MB, 1,000,000 bytes per MB, are rejected', () => {
  it('uses decimal megabytes', () => expect(BYTES_PER_MB).toBe(1_000_000));
  it('accepts exactly 5 MB and refuses one byte more', () => {
    expect(isFileTooLarge(5_000_000)).toBe(false);
    expect(isFileTooLarge(5_000_001)).toBe(true);
    expect(isFileTooLarge(0)).toBe(false);
    expect(isFileTooLarge(5 * 1024 * 1024)).toBe(true); // 5 MiB is over 5 MB
  });
});

describe('luhnValid (card numbers, used by the checkout form and the server schema)', () => {
  it('accepts the sandbox cards and refuses near misses, empty input and non-digits', () => {
    for (const n of ['4111111111111111', '4000000000000002', '4000000000009995', '4000002500003155', '4000000000000119', '79927398713', '0'])
      expect(luhnValid(n)).toBe(true);
    for (const n of ['4111111111111112', '79927398710', '', '4111 1111 1111 1111', '411111111111111a']) expect(luhnValid(n)).toBe(false);
  });
});

describe('upload quota', () => {
  const [over, files, mb] = [exceedsUploadQuota, UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_MB];
  it('allows the last file and the last byte, refuses one more', () => {
    expect(over({ files: files - 1, bytes: 0 }, 1)).toBe(false);
    expect(over({ files, bytes: 0 }, 1)).toBe(true);
    expect(over({ files: 0, bytes: mb * 1_000_000 - 10 }, 10)).toBe(false);
    expect(over({ files: 0, bytes: mb * 1_000_000 - 10 }, 11)).toBe(true);
  });
});

describe('SOS message', () => {
  it('takes up to the maximum length and lines, in any script, with emoji', () => {
    expect(sosMessageProblem('x'.repeat(SOS_MESSAGE_MAX))).toBeNull();
    expect(sosMessageProblem('x'.repeat(SOS_MESSAGE_MAX + 1))).toBe('long');
    expect(sosMessageProblem(`  ${'x'.repeat(SOS_MESSAGE_MAX)}  `)).toBeNull();
    expect(sosMessageProblem(Array(SOS_MESSAGE_MAX_LINES).fill('a').join('\n'))).toBeNull();
    expect(
      sosMessageProblem(
        Array(SOS_MESSAGE_MAX_LINES + 1)
          .fill('a')
          .join('\n'),
      ),
    ).toBe('lines');
    expect(sosMessageProblem('मुझे मदद चाहिए 🚨, I am on bus 42!')).toBeNull();
    expect(sosMessageProblem('  ')).toBe('empty');
  });
  it.each([
    ['NUL', 'help\u0000me'],
    ['tab', 'a\tb'],
    ['escape', '\u001b[31m'],
    ['DEL', 'a\u007f'],
    ['C1', 'a\u0085'],
    ['RTL override', 'a\u202eb'],
    ['isolate', 'a\u2066b'],
    ['lone high surrogate', 'a\ud800b'],
    ['lone low surrogate', 'a\udc00b'],
    ['noncharacter', 'a\uffffb'],
  ])('refuses %s', (_, v) => expect(sosMessageProblem(v)).toBe('characters'));
});
