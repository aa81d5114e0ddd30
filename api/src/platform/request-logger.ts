import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildArgs = Parameters<FastifyBaseLogger['child']>;
/** pino's logger, which Fastify's is (FastifyBaseLogger leaves out isLevelEnabled). */
type PinoLike = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that makes pino's child (its bindings serialised, its levels set up) only when the request
 * writes a line: most requests write none (successes are logged at debug), and making the child took a few per cent
 * of a board poll. A line at a level the server does not log is dropped without making the child, as pino does.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  private real: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: ChildArgs[0],
  ) {}

  private made(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings));
  }

  get level(): string {
    return this.real ? this.real.level : this.parent.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return ((this.real as PinoLike | null) ?? this.parent).isLevelEnabled(level);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.made()[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(...args: ChildArgs): FastifyBaseLogger {
    return this.made().child(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: the lazy logger above when the server logs through pino and the route logs like the
 * server (no level or serialisers of its own), else the child at once.
 */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, opts) =>
  typeof (logger as Partial<PinoLike>).isLevelEnabled !== 'function' || opts.serializers || (opts.level && opts.level !== logger.level)
    ? logger.child(bindings, opts)
    : new LazyChildLogger(logger as PinoLike, bindings);
