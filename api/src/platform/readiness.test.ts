import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { lazyChildLoggerFactory } from './request-logger';
import { installRequestIds, Readiness, requestIdOf } from './readiness';

describe('request ids in every log line of a request', () => {
  it('binds the load balancer’s id (or a new one) to each line the request writes, as the platform server does', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = Fastify({
      logger: { level: 'info', stream },
      disableRequestLogging: true,
      childLoggerFactory: lazyChildLoggerFactory,
      requestIdHeader: false,
      genReqId: requestIdOf,
    });
    installRequestIds(app);
    app.get('/a', async (request) => {
      request.log.info('first');
      request.log.warn({ stop: 'T1' }, 'second');
      return {};
    });
    const kept = await app.inject({ url: '/a', headers: { 'x-request-id': 'haproxy-0001' } });
    expect(kept.headers['x-request-id']).toBe('haproxy-0001');
    const made = await app.inject({ url: '/a', headers: { 'x-request-id': 'not valid!' } });
    const id = made.headers['x-request-id'];
    expect(id).not.toBe('not valid!');
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['first', 'haproxy-0001'],
      ['second', 'haproxy-0001'],
      ['first', id],
      ['second', id],
    ]);
    await app.close();
  });
});

describe('Readiness', () => {
  it('names the conditions not met (a throwing check counts as not met) and drains for good', async () => {
    const r = new Readiness();
    let built = false;
    r.require('planner', () => built);
    r.require('database', async () => {
      throw new Error('down');
    });
    expect(await r.waitingFor()).toEqual(['planner', 'database']);
    built = true;
    expect(await r.waitingFor()).toEqual(['database']);
    expect(r.isDraining).toBe(false);
    r.drain();
    expect(r.isDraining).toBe(true);
  });
});
