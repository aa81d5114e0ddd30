import { validateSos } from './sosForm';

// The SOS form checks the message with the same rule as the server (shared/domain sosMessageProblem).
describe('validateSos message', () => {
  const draft = (message: string) => ({ contacts: [], message });
  it.each([
    ['Help me, I am on bus 42 🚨', undefined],
    ['   ', 'sos.edit.error.message'],
    ['x'.repeat(301), 'sos.edit.error.message'],
    ['a\nb\nc\nd\ne\nf', 'sos.edit.error.lines'],
    ['help \u202eem', 'sos.edit.error.characters'],
    ['Help, see https://bit.ly/x', 'sos.edit.error.link'],
    ['Help. Dr. Rao, bus no. 5', undefined],
  ])('%j → %s', (message, error) => expect(validateSos(draft(message))?.message).toBe(error));
  it('names the link the message may not carry', () => {
    expect(validateSos(draft('  Go to www.example.org now '))).toEqual({ contacts: [], message: 'sos.edit.error.link', messageLink: 'www.example.org' });
  });
});
