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
  ])('%j → %s', (message, error) => expect(validateSos(draft(message))?.message).toBe(error));
});
