import { digitsOnly, findLink, isValidIndianMobile, isValidName, sosMessageProblem, SOS_MESSAGE_MAX } from '@sawari/domain';
import type { SosSettings } from '@sawari/contracts';

export const SOS_MAX_CONTACTS = 5; // as @sawari/contracts (not imported: it brings zod into the chunk)
export { SOS_MESSAGE_MAX };

export type ContactDraft = { name: string; phoneNumber: string };
export type SosDraft = { contacts: ContactDraft[]; message: string };
/** `messageLink`: the link the message may not carry, named in its error. */
export type SosErrors = { contacts: { name?: string; phoneNumber?: string }[]; message?: string; messageLink?: string };

/** Message ids of what is wrong with the draft (rows left entirely empty are ignored); null when it can be sent. */
export function validateSos(draft: SosDraft): SosErrors | null {
  let bad = false;
  const contacts = draft.contacts.map((c) => {
    if (!c.name.trim() && !c.phoneNumber) return {};
    const e: { name?: string; phoneNumber?: string } = {};
    if (!isValidName(c.name)) e.name = 'sos.edit.error.name';
    if (!isValidIndianMobile(c.phoneNumber)) e.phoneNumber = 'sos.edit.error.phone';
    if (e.name || e.phoneNumber) bad = true;
    return e;
  });
  const problem = sosMessageProblem(draft.message);
  const message =
    problem === null
      ? undefined
      : problem === 'characters'
        ? 'sos.edit.error.characters'
        : problem === 'lines'
          ? 'sos.edit.error.lines'
          : problem === 'link'
            ? 'sos.edit.error.link'
            : 'sos.edit.error.message';
  if (!bad && !message) return null;
  return problem === 'link' ? { contacts, message, messageLink: findLink(draft.message.trim()) ?? '' } : { contacts, message };
}

/** The body of PUT /api/sos: names trimmed, empty rows dropped. */
export const toSettings = (draft: SosDraft): SosSettings => ({
  contacts: draft.contacts.filter((c) => c.name.trim() || c.phoneNumber).map((c) => ({ name: c.name.trim().replace(/\s+/g, ' '), phoneNumber: c.phoneNumber })),
  message: draft.message.trim(),
});

/** What a phone field keeps as the rider types or pastes: digits only, at most 10 (a pasted +91 prefix is dropped). */
export const phoneInput = (value: string): string => {
  const digits = digitsOnly(value);
  return (digits.length > 10 && digits.startsWith('91') ? digits.slice(2) : digits).slice(0, 10);
};
