import { renderToStaticMarkup } from 'react-dom/server';
import { BirthDateInput, EmailInput, formFields, GenderSelect, GENDERS } from './form';

// The fields of the rider's details forms: ids made from the form's prefix, an input tied to its hint and error, and
// the gender, date-of-birth and e-mail inputs both forms draw.
const styles = { field: 'f', hint: 'h', error: 'e', input: 'i' };
const { fieldId, Field, described } = formFields<'name' | 'dob'>('pass', styles);
const noop = () => undefined;

describe('formFields', () => {
  it('ties an input to its hint only while there is no error, then to both', () => {
    expect(fieldId('name')).toBe('pass-name');
    expect(described('name', {})).toEqual({ id: 'pass-name', name: 'name', 'aria-invalid': undefined, 'aria-describedby': undefined });
    expect(described('name', {}, true)['aria-describedby']).toBe('pass-name-hint');
    expect(described('name', { name: 'details.error.name' }, true)).toEqual({
      id: 'pass-name',
      name: 'name',
      'aria-invalid': true,
      'aria-describedby': 'pass-name-hint pass-name-error',
    });
    // another field's error does not mark this one
    expect(described('dob', { name: 'details.error.name' })['aria-invalid']).toBeUndefined();
  });

  it('draws the label for the input, then the hint and the error with the ids the input names', () => {
    const html = renderToStaticMarkup(
      <Field field="name" label="Full name" hint="As on your ID" error="Use English letters">
        <input {...described('name', { name: 'x' }, true)} />
      </Field>,
    );
    expect(html).toBe(
      '<div class="f"><label for="pass-name">Full name</label>' +
        '<input id="pass-name" aria-invalid="true" aria-describedby="pass-name-hint pass-name-error" name="name"/>' +
        '<span id="pass-name-hint" class="h">As on your ID</span><span id="pass-name-error" class="e">Use English letters</span></div>',
    );
    expect(
      renderToStaticMarkup(
        <Field field="dob" label="Date of birth">
          <input {...described('dob', {})} />
        </Field>,
      ),
    ).toBe('<div class="f"><label for="pass-dob">Date of birth</label><input id="pass-dob" name="dob"/></div>');
  });
});

describe('the details inputs', () => {
  it('offers "choose" and then every gender the API knows, labelled by the caller', () => {
    const html = renderToStaticMarkup(
      <GenderSelect className="i" described={described('name', {})} value="female" onChange={noop} choose="Choose" label={(g) => `[${g}]`} />,
    );
    const options = [...html.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([['', 'Choose'], ...GENDERS.map((g) => [g, `[${g}]`])]);
    expect(GENDERS).toEqual(['male', 'female', 'other', 'undisclosed']);
    expect(html).toMatch(/<option value="female" selected="">/);
  });

  it('a date of birth runs from 1900 to today; an e-mail asks for the e-mail keyboard', () => {
    const dob = renderToStaticMarkup(<BirthDateInput className="i" described={described('dob', {})} today="2026-11-25" value="" onChange={noop} />);
    expect(dob).toContain('type="date"');
    expect(dob).toContain('min="1900-01-01"');
    expect(dob).toContain('max="2026-11-25"');
    expect(dob).toContain('autoComplete="bday"');
    expect(dob).toContain('id="pass-dob"');
    const mail = renderToStaticMarkup(<EmailInput className="i" described={described('name', {})} value="a@b.in" onChange={noop} />);
    expect(mail).toContain('type="email"');
    expect(mail).toContain('inputMode="email"');
    expect(mail).toContain('autoComplete="email"');
    expect(mail).toContain('value="a@b.in"');
  });
});
