import { z } from 'zod';
import { defineSection } from '../../platform/config';

export const DEV_OPS_KEY = 'sawari-dev-ops';

export interface OpsSettings {
  /** Operators (pass verification, cash counter): key → name, presented as `authorization: Ops <key>`. */
  opsKeys: Map<string, string>;
}

/** OPS_KEYS=name=key,name2=key2. Outside production `dev=sawari-dev-ops` when unset; in production the development
 *  key is refused (the server does not start). */
export const opsSettings = defineSection<OpsSettings>({
  variables: { OPS_KEYS: z.string().optional() },
  build(e, ctx) {
    const opsKeys = new Map<string, string>();
    for (const entry of String(e.OPS_KEYS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const m = /^([A-Za-z0-9._@-]{1,60})=(.{12,200})$/.exec(entry);
      if (!m) ctx.problem('OPS_KEYS: each entry must be name=key with a key of at least 12 characters');
      else if (ctx.env === 'production' && m[2] === DEV_OPS_KEY) ctx.problem(`OPS_KEYS must not contain the development key ${DEV_OPS_KEY} in production`);
      else opsKeys.set(m[2], m[1]);
    }
    if (!opsKeys.size && ctx.env !== 'production') opsKeys.set(DEV_OPS_KEY, 'dev');
    return { opsKeys };
  },
});
