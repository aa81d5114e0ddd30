import { z } from 'zod';
import { defineSection } from '../../platform/config';
import { parsePrivateKey, parsePublicJwks, type PublicJwk } from './keys';
import { DEV_VALIDATOR_KEY } from './routes';

export interface ValidationSettings {
  /** ES256 key that signs ticket codes (PKCS#8 base64/PEM or private JWK). Required in production; elsewhere, when
   *  unset, one is generated once and kept in server_secrets (docs/validation.md). */
  ticketSigningKey?: string;
  /** More public keys validators accept (key rotation: the next key before it signs, the previous one after). */
  ticketVerifyKeys?: PublicJwk[];
  /** Validators (conductor machines, gates) that may punch: `authorization: Validator <key>`. Unset outside
   *  production: the development key `sawari-dev-validator`. */
  validatorKeys?: { name: string; key: string }[];
}

export const validationSettings = defineSection<ValidationSettings>({
  variables: { TICKET_SIGNING_KEY: z.string().optional(), TICKET_VERIFY_KEYS: z.string().optional(), VALIDATOR_KEYS: z.string().optional() },
  build(e, ctx) {
    const out: ValidationSettings = {};
    const signing = e.TICKET_SIGNING_KEY as string | undefined;
    try {
      if (signing) parsePrivateKey(signing);
      out.ticketSigningKey = signing;
    } catch (err) {
      ctx.problem((err as Error).message);
    }
    try {
      if (e.TICKET_VERIFY_KEYS) out.ticketVerifyKeys = parsePublicJwks(e.TICKET_VERIFY_KEYS as string);
    } catch (err) {
      ctx.problem((err as Error).message);
    }
    if (ctx.env === 'production' && !signing)
      ctx.problem('TICKET_SIGNING_KEY is required in production (an ES256 private key: PKCS#8 base64 or JWK; see docs/validation.md)');
    const validatorKeys: { name: string; key: string }[] = [];
    for (const entry of String(e.VALIDATOR_KEYS ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      const m = /^([A-Za-z0-9._@-]{1,60})=(.{12,200})$/.exec(entry);
      if (!m) ctx.problem('VALIDATOR_KEYS: each entry must be name=key with a key of at least 12 characters');
      else if (ctx.env === 'production' && m[2] === DEV_VALIDATOR_KEY)
        ctx.problem(`VALIDATOR_KEYS must not contain the development key ${DEV_VALIDATOR_KEY} in production`);
      else validatorKeys.push({ name: m[1], key: m[2] });
    }
    if (validatorKeys.length) out.validatorKeys = validatorKeys;
    return out;
  },
});
