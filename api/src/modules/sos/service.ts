import type { SosSettings, SupportOffices } from '@sawari/contracts';
import {
  CITY_TIME_ZONE,
  OFFICE_HOURS,
  officeStatus,
  SOS_CAP_WINDOW_MS,
  SOS_COOLDOWN_MS,
  SOS_DAILY_CAP,
  sosAlertRefusal,
  withoutLinks,
  type SosRefusal,
} from '@sawari/domain';
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

/** The 429 of a refused alert: when the next can go, in city time and in minutes, and that 112 is always there. */
function refused(r: SosRefusal, now: number): ApiError {
  const wait = Math.max(1, Math.ceil((r.until - now) / 1000));
  const at = timeFmt.format(r.until);
  return r.reason === 'cooldown'
    ? new ApiError(
        429,
        'SOS_COOLDOWN',
        `An SOS alert was sent moments ago. You can send another at ${at} (in ${Math.ceil(wait / 60)} min). If you are in danger, call 112.`,
        { 'retry-after': String(wait) },
      )
    : new ApiError(
        429,
        'SOS_DAILY_LIMIT',
        `You have sent ${SOS_DAILY_CAP} SOS alerts in the last 24 hours, the most allowed. You can send another at ${at}. If you are in danger, call 112.`,
        { 'retry-after': String(wait) },
      );
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
   * both pass the 5-minute gap or the daily cap: the rider's alerts are decided one at a time under a lock); when no
   * contact could be reached it is removed again, so the rider can retry at once.
   */
  async alert(userId: string, lat: number | null, lon: number | null): Promise<{ sentTo: number; nextAllowedAt: number }> {
    const now = this.deps.now();
    const { contacts, message } = await this.settings(userId);
    if (contacts.length === 0) throw new ApiError(409, 'SOS_NO_CONTACTS', 'Add at least one emergency contact before sending an SOS alert.');
    const alertId = await this.store.transaction(async (tx): Promise<{ id: string } | SosRefusal> => {
      await tx.lockUser(userId);
      const refusal = sosAlertRefusal(await tx.alertTimesSince(userId, now - SOS_CAP_WINDOW_MS), now);
      return refusal ?? { id: await tx.addAlert(userId, now, lat, lon) };
    });
    if ('reason' in alertId) throw refused(alertId, now);
    const name = (await this.store.senderName(userId)) ?? 'A Sawari rider';
    const where = lat !== null && lon !== null ? `Location: ${locationLink(lat, lon)}` : 'Location: not available.';
    // A message saved before links were refused still goes, without them: the only link sent is the location's.
    const body = `SOS from ${name}: ${withoutLinks(message)}\n${where}`;
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

  /** Office hours and the contacts: the city's own (its configuration) when it has them, else the server's (SUPPORT_*). */
  async offices(city?: string): Promise<SupportOffices> {
    const s = officeStatus(this.deps.now(), CITY_TIME_ZONE);
    const contacts = (city ? await this.store.citySupport(city) : null) ?? this.deps.support;
    return { ...s, hours: { weekday: { ...OFFICE_HOURS.weekday }, weekend: { ...OFFICE_HOURS.weekend } }, timeZone: CITY_TIME_ZONE, ...contacts };
  }
}
