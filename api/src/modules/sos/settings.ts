import { z } from 'zod';
import { defineSection } from '../../platform/config';

export const DEV_SUPPORT = { phone: '+91 22 4000 1234', email: 'support@sawari.example' };

export interface SupportSettings {
  /** Rider support contacts shown with the office hours. */
  support: { phone: string; email: string };
}

export const supportSettings = defineSection<SupportSettings>({
  variables: {
    SUPPORT_PHONE: z.string().max(40, 'SUPPORT_PHONE must be at most 40 characters').optional(),
    SUPPORT_EMAIL: z.email({ message: 'SUPPORT_EMAIL must be an email address' }).optional(),
  },
  build: (e) => ({
    support: { phone: (e.SUPPORT_PHONE as string | undefined) ?? DEV_SUPPORT.phone, email: (e.SUPPORT_EMAIL as string | undefined) ?? DEV_SUPPORT.email },
  }),
});
