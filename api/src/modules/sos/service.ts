import { SOS_COOLDOWN_MS, type SosSettings, type SupportOffices } from '@sawari/contracts';
import { CITY_TIME_ZONE, OFFICE_HOURS, officeStatus } from '@sawari/domain';
import type { Clock } from '../../platform/clock';
import { ApiError } from '../../platform/errors';
import { SmsSendError, smsFailed, type SmsProvider } from '../sms';
import type { SosStore } from './store';

export const DEFAULT_SOS_MESSAGE = 'I need help. Please call me or come to my location as soon as you can.';

const timeFmt = new Intl.DateTimeFormat('en-IN', { timeZone: CITY_TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true });

/** OpenStreetMap link for a point (5 decimals, about 1 m). */
export function locationLink(lat: number, lon: number): string {
  const la = lat.toFixed(5);
  const lo = lon.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=17/${la}/${lo}`;
}

/** SOS: emergency contacts and message, alerts by SMS with a 5-minute cooldown; support office hours. */
export class SosService {
  constructor(
    private readonly store: SosStore,
    private readonly deps: { sms: SmsProvider; now: Clock; support: { phone: string; email: string } },
  ) {}

  async settings(userId: string): Promise<SosSettings> {
    return (await this.store.settings(userId)) ?? { contacts: [], message: DEFAULT_SOS_MESSAGE };
  }

  async saveSettings(userId: string, input: SosSettings): Promise<SosSettings> {
    const seen = new Set<string>();
    const contacts = input.contacts
      .filter((c) => !seen.has(c.phoneNumber) && seen.add(c.phoneNumber))
      .map((c) => ({ name: c.name.trim().replace(/\s+/g, ' '), phoneNumber: c.phoneNumber }));
    const settings = { contacts, message: input.message.trim() };
    await this.store.saveSettings(userId, settings, this.deps.now());
    return settings;
  }

  /**
   * Texts the message and a location link to every contact. The alert is recorded before sending (so two taps cannot
   * both pass the cooldown); when no contact could be reached it is removed again, so the rider can retry at once.
   */
  async alert(userId: string, lat: number | null, lon: number | null): Promise<{ sentTo: number; nextAllowedAt: number }> {
    const now = this.deps.now();
    const { contacts, message } = await this.settings(userId);
    if (contacts.length === 0) throw new ApiError(409, 'SOS_NO_CONTACTS', 'Add at least one emergency contact before sending an SOS alert.');
    const alertId = await this.store.transaction(async (tx): Promise<{ id: string } | { cooldownUntil: number }> => {
      await tx.lockUser(userId);
      const last = await tx.lastAlertAt(userId);
      if (last !== null && now - last < SOS_COOLDOWN_MS) return { cooldownUntil: last + SOS_COOLDOWN_MS };
      return { id: await tx.addAlert(userId, now, lat, lon) };
    });
    if ('cooldownUntil' in alertId) {
      const wait = Math.ceil((alertId.cooldownUntil - now) / 1000);
      throw new ApiError(
        429,
        'SOS_COOLDOWN',
        `An SOS alert was sent moments ago. You can send another at ${timeFmt.format(alertId.cooldownUntil)} (in ${Math.ceil(wait / 60)} min). If you are in danger, call 112.`,
        { 'retry-after': String(wait) },
      );
    }
    const name = (await this.store.senderName(userId)) ?? 'A Sawari rider';
    const where = lat !== null && lon !== null ? `Location: ${locationLink(lat, lon)}` : 'Location: not available.';
    const body = `SOS from ${name}: ${message}\n${where}`;
    const results = await Promise.allSettled(contacts.map((c) => this.deps.sms.send({ to: c.phoneNumber, body })));
    const sentTo = results.filter((r) => r.status === 'fulfilled').length;
    const unexpected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected' && !(r.reason instanceof SmsSendError));
    if (sentTo === 0) {
      await this.store.deleteAlert(alertId.id);
      if (unexpected) throw unexpected.reason;
      throw smsFailed();
    }
    await this.store.setAlertSentTo(alertId.id, sentTo);
    return { sentTo, nextAllowedAt: now + SOS_COOLDOWN_MS };
  }

  offices(): SupportOffices {
    const s = officeStatus(this.deps.now(), CITY_TIME_ZONE);
    return { ...s, hours: { weekday: { ...OFFICE_HOURS.weekday }, weekend: { ...OFFICE_HOURS.weekend } }, timeZone: CITY_TIME_ZONE, ...this.deps.support };
  }
}
