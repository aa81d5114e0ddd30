import { z } from 'zod';
import { testPlatformConfig } from './config';
import { ApiError } from './errors';
import { typed } from './schema';
import { createPlatformServer } from './server';

// Route schemas through the zod type provider: typed requests, responses serialised by their schema.
describe('zod type provider', () => {
  const app = createPlatformServer(testPlatformConfig());
  const r = typed(app);
  const item = z.object({ id: z.string(), amount: z.number().int() });
  r.post(
    '/api/t/items/:id',
    { schema: { params: z.object({ id: z.string().max(8) }), body: z.object({ amount: z.number().int().min(1) }), response: { 200: item } } },
    async (request) => {
      // Typed without a cast: a wrong property here would not compile.
      const amount: number = request.body.amount;
      return { id: request.params.id, amount, secretHash: 'must never leave the server' } as z.input<typeof item>;
    },
  );
  r.get('/api/t/bad', { schema: { response: { 200: item } } }, async () => ({ id: 'x', amount: 'not a number' }) as unknown as z.input<typeof item>);
  r.get('/api/t/refused', { schema: { response: { 200: item } } }, async () => {
    throw new ApiError(409, 'SOMETHING_TAKEN', 'Taken.');
  });
  afterAll(() => app.close());

  it('drops every field the response schema does not name', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/t/items/a1', payload: { amount: 5 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a1', amount: 5 });
    expect(res.body).not.toMatch(/secretHash/);
  });

  it('keeps the {code, message} answers for bad input and for errors (no response schema applies)', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/t/items/a1', payload: { amount: 'five' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/amount/) });
    const long = await app.inject({ method: 'POST', url: '/api/t/items/123456789', payload: { amount: 1 } });
    expect(long.json().code).toBe('VALIDATION_FAILED');
    const refused = await app.inject({ url: '/api/t/refused' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'SOMETHING_TAKEN', message: 'Taken.' });
  });

  it('a response that breaks its schema is our bug: 500 INTERNAL, nothing of it sent', async () => {
    const res = await app.inject({ url: '/api/t/bad' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: expect.any(String) });
  });
});
