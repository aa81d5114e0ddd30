import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { LazyChildLogger, lazyChildLoggerFactory } from './request-logger';

/** A Fastify server logging JSON lines at `level` into `lines`, with the lazy request loggers. */
function server(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, disableRequestLogging: true, childLoggerFactory: lazyChildLoggerFactory });
  return { app, lines };
}

describe('request loggers made on the first line written', () => {
  it('writes a line with the request id, as pino’s child would, and drops lines below the level', async () => {
    const { app, lines } = server('info');
    let lazy = false;
    app.get('/a', async (request) => {
      lazy = request.log instanceof LazyChildLogger;
      request.log.debug('not written');
      expect(request.log.level).toBe('info');
      expect((request.log as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled('debug')).toBe(false);
      request.log.info({ stop: 'T1-BAY' }, 'written');
      request.log.error(new Error('boom'), 'failed');
      return {};
    });
    const r = await app.inject({ url: '/a' });
    expect(r.statusCode).toBe(200);
    expect(lazy).toBe(true);
    expect(lines.map((l) => [l.level, l.msg, l.reqId])).toEqual([
      [30, 'written', expect.any(String)],
      [50, 'failed', expect.any(String)],
    ]);
    expect(lines[0]).toMatchObject({ stop: 'T1-BAY' });
    expect(lines[1]).toMatchObject({ err: { message: 'boom' } });
    expect(lines[0].reqId).toBe(lines[1].reqId);
    await app.close();
  });

  it('a route with a log level of its own gets pino’s child at once, at that level', async () => {
    const { app, lines } = server('info');
    app.get('/verbose', { logLevel: 'debug' }, async (request) => {
      expect(request.log).not.toBeInstanceOf(LazyChildLogger);
      request.log.debug('debug line');
      return {};
    });
    expect((await app.inject({ url: '/verbose' })).statusCode).toBe(200);
    expect(lines.map((l) => l.msg)).toEqual(['debug line']);
    await app.close();
  });

  it('changing the level of a request’s logger applies to that request only', async () => {
    const { app, lines } = server('warn');
    app.get('/b', async (request) => {
      request.log.level = 'debug';
      request.log.debug('now written');
      return {};
    });
    app.get('/c', async (request) => {
      request.log.debug('not written');
      return {};
    });
    await app.inject({ url: '/b' });
    await app.inject({ url: '/c' });
    expect(lines.map((l) => l.msg)).toEqual(['now written']);
    await app.close();
  });

  it('without a logger, requests get Fastify’s silent one', async () => {
    const app = Fastify({ logger: false, childLoggerFactory: lazyChildLoggerFactory });
    app.get('/d', async (request) => {
      request.log.info('nowhere');
      return { lazy: request.log instanceof LazyChildLogger };
    });
    expect((await app.inject({ url: '/d' })).json()).toEqual({ lazy: false });
    await app.close();
  });
});
