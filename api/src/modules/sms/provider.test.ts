import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpSmsProvider, SmsSendError } from './provider';

describe('HttpSmsProvider', () => {
  let server: http.Server;
  let url: string;
  const received: { auth?: string; body: unknown }[] = [];
  let behaviour: 'ok' | 'fail' | 'hang' = 'ok';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
        if (behaviour === 'hang') return;
        res.writeHead(behaviour === 'ok' ? 202 : 503).end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const provider = () => new HttpSmsProvider({ provider: 'http', url, token: 'tok', senderId: 'SAWARI', timeoutMs: 300 });

  it('POSTs JSON with the bearer token and sender id', async () => {
    await provider().send({ to: '9876500001', body: 'hello' });
    expect(received.at(-1)).toEqual({ auth: 'Bearer tok', body: { to: '+919876500001', sender: 'SAWARI', body: 'hello' } });
  });

  it('turns a non-2xx answer, a timeout and an unreachable gateway into SmsSendError', async () => {
    behaviour = 'fail';
    await expect(provider().send({ to: '9876500001', body: 'x' })).rejects.toThrow(new SmsSendError('SMS gateway answered HTTP 503'));
    behaviour = 'hang';
    await expect(provider().send({ to: '9876500001', body: 'x' })).rejects.toThrow(/did not answer within 300 ms/);
    const closed = new HttpSmsProvider({ provider: 'http', url: 'http://127.0.0.1:9/send', token: '', senderId: 'S', timeoutMs: 300 });
    await expect(closed.send({ to: '9876500001', body: 'x' })).rejects.toBeInstanceOf(SmsSendError);
  });
});
