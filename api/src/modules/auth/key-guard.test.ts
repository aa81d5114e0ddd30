import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandlers } from '../../platform/errors';
import { keyGuard, type KeyScheme } from './key-guard';

const KEYS = new Map([
  ['ops-key-one-123456', 'asha'],
  ['ops-key-two-abcdef', 'ravi'],
]);

async function app(scheme: KeyScheme): Promise<FastifyInstance> {
  const a = Fastify({ logger: false });
  installErrorHandlers(a);
  const guard = keyGuard(scheme, KEYS);
  a.addHook('onRequest', guard.hook);
  a.get('/who', async (request) => ({ name: guard.nameOf(request) }));
  await a.ready();
  return a;
}

describe('keyGuard: the one check of operator and validator keys', () => {
  it.each([
    ['Ops', 'OPS_UNAUTHENTICATED', /authorization: Ops <key>/],
    ['Validator', 'VALIDATOR_UNAUTHENTICATED', /authorization: Validator <key>/],
  ] as const)('%s: answers the key name, and 401 %s with {code, message} otherwise', async (scheme, code, message) => {
    const a = await app(scheme);
    try {
      const ask = (authorization?: string) => a.inject({ url: '/who', headers: authorization === undefined ? {} : { authorization } });
      expect((await ask(`${scheme} ops-key-one-123456`)).json()).toEqual({ name: 'asha' });
      expect((await ask(`${scheme} ops-key-two-abcdef`)).json()).toEqual({ name: 'ravi' });
      const other = scheme === 'Ops' ? 'Validator' : 'Ops';
      for (const bad of [
        undefined,
        '',
        `${scheme}`,
        `${scheme} `,
        `${scheme} ops-key-one-12345`, // a prefix of a key
        `${scheme} ops-key-one-1234567`, // a key and more
        `${scheme}  ops-key-one-123456`, // two spaces
        `${scheme.toLowerCase()} ops-key-one-123456`,
        `${other} ops-key-one-123456`, // the right key under the other scheme
        'Bearer ops-key-one-123456',
        'ops-key-one-123456',
      ]) {
        const r = await ask(bad);
        expect({ bad, status: r.statusCode, body: r.json() }).toEqual({ bad, status: 401, body: { code, message: expect.stringMatching(message) } });
      }
    } finally {
      await a.close();
    }
  });

  it('with no keys configured refuses everything, also an empty key', async () => {
    const guard = keyGuard('Ops', new Map());
    const a = Fastify({ logger: false });
    installErrorHandlers(a);
    a.addHook('onRequest', guard.hook);
    a.get('/who', async () => ({ ok: true }));
    try {
      expect((await a.inject({ url: '/who', headers: { authorization: 'Ops ' } })).statusCode).toBe(401);
      expect((await a.inject({ url: '/who', headers: { authorization: 'Ops anything-at-all' } })).statusCode).toBe(401);
    } finally {
      await a.close();
    }
  });
});
