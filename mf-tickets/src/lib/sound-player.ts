/**
 * Plays a ticket's sound code (shared/domain sound-code.ts: near-ultrasonic 16-tone FSK, about 1 s) with Web Audio,
 * again every {@link SOUND_REPLAY_MS} (spec §9: 8 s) until stopped, each time for the current slot. The sound-qr
 * screen keeps the QR visible whatever happens here: when audio is unavailable the UI shows the QR only.
 */
import { SOUND_REPLAY_MS, encodeSoundCode } from '@sawari/domain';

/**
 * - `starting`: the audio context is being opened.
 * - `playing`: the code plays now and every 8 s.
 * - `blocked`: the browser holds audio until a user gesture (autoplay policy); the player resumes on the next tap or
 *   key press anywhere, or when the UI calls {@link SoundPlayer.resume} from a button.
 * - `unavailable`: no Web Audio, or an output below 44.1 kHz that cannot carry 17.5–20 kHz tones (see `reason`).
 * - `stopped`: {@link SoundPlayer.stop} was called.
 */
export type SoundState = 'starting' | 'playing' | 'blocked' | 'unavailable' | 'stopped';

export interface SoundPlayer {
  readonly state: SoundState;
  /** Call from a click handler (a user gesture) to lift `blocked`. */
  resume(): Promise<void>;
  /** Stops playing and releases the audio context. */
  stop(): void;
}

type AudioContextCtor = new () => AudioContext;

/** The page's AudioContext constructor (webkit-prefixed on old Safari), or null. */
function audioContextCtor(): AudioContextCtor | null {
  const g = globalThis as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return g.AudioContext ?? g.webkitAudioContext ?? null;
}

/** Whether this browser has Web Audio at all (the sound-qr screen can decide before playing). */
export const soundAvailable = (): boolean => audioContextCtor() !== null;

export interface PlaySoundOptions {
  /** Hears each state change (with a reason for `unavailable`). */
  onState?: (state: SoundState, reason?: string) => void;
  /** The clock (default Date.now; pass @sawari/runtime serverNow). */
  now?: () => number;
  /** Replay interval (default 8 s). */
  intervalMs?: number;
  /** Peak amplitude 0..1 (default 0.5). */
  amplitude?: number;
  /** Makes the AudioContext (tests); default the browser's. Return null when there is none. */
  createContext?: () => AudioContext | null;
  /** Where a user gesture is listened for while blocked (default document). */
  gestureTarget?: EventTarget | null;
}

const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const;

/**
 * Starts playing the payload `payloadAt(now)` returns (e.g. `(now) => currentSoundPayload(token, now)`), at once and
 * then every 8 s. Never throws: failures end in state `unavailable`.
 */
export function playSoundCode(payloadAt: (now: number) => Uint8Array, options: PlaySoundOptions = {}): SoundPlayer {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? SOUND_REPLAY_MS;
  const gestureTarget = options.gestureTarget !== undefined ? options.gestureTarget : ((globalThis as { document?: EventTarget }).document ?? null);
  let state: SoundState = 'starting';
  let ctx: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let source: AudioBufferSourceNode | null = null;

  const setState = (next: SoundState, reason?: string) => {
    if (state === next || state === 'stopped' || state === 'unavailable') return;
    state = next;
    options.onState?.(next, reason);
  };

  const playOnce = () => {
    if (!ctx || ctx.state !== 'running' || state === 'stopped') return;
    try {
      const pcm = encodeSoundCode(payloadAt(now()), { sampleRate: ctx.sampleRate, amplitude: options.amplitude });
      const buffer = ctx.createBuffer(1, pcm.length, ctx.sampleRate);
      buffer.getChannelData(0).set(pcm);
      source?.disconnect();
      source = ctx.createBufferSource();
      source.buffer = buffer;
      source.connect(ctx.destination);
      source.start();
    } catch (err) {
      fail(err instanceof Error ? err.message : String(err));
    }
  };

  const onGesture = () => void resume();
  const listen = (on: boolean) => {
    for (const g of GESTURES) on ? gestureTarget?.addEventListener(g, onGesture) : gestureTarget?.removeEventListener(g, onGesture);
  };

  const running = () => {
    if (state === 'stopped' || state === 'unavailable') return;
    listen(false);
    setState('playing');
    if (!timer) {
      playOnce();
      timer = setInterval(playOnce, intervalMs);
    }
  };
  const blocked = () => {
    if (state === 'stopped' || state === 'unavailable') return;
    setState('blocked');
    listen(true);
  };

  async function resume(): Promise<void> {
    if (!ctx || state === 'stopped' || state === 'unavailable') return;
    try {
      await ctx.resume();
    } catch {
      /* stays suspended: still blocked */
    }
    if (ctx.state === 'running') running();
    else blocked();
  }

  function release() {
    if (timer) clearInterval(timer);
    timer = null;
    listen(false);
    try {
      source?.stop();
    } catch {
      /* not started or already ended */
    }
    source = null;
    void ctx?.close().catch(() => undefined);
    ctx = null;
  }

  function fail(reason: string) {
    release();
    if (state === 'stopped' || state === 'unavailable') return;
    state = 'unavailable';
    options.onState?.('unavailable', reason);
  }

  // Start.
  try {
    const make =
      options.createContext ??
      (() => {
        const Ctor = audioContextCtor();
        return Ctor ? new Ctor() : null;
      });
    ctx = make();
  } catch (err) {
    ctx = null;
    void Promise.resolve().then(() => fail(`audio could not start: ${err instanceof Error ? err.message : String(err)}`));
  }
  if (!ctx) {
    if (state === 'starting') void Promise.resolve().then(() => fail('this browser has no Web Audio'));
  } else if (ctx.sampleRate < 44_100) {
    const rate = ctx.sampleRate;
    void Promise.resolve().then(() => fail(`the audio output runs at ${rate} Hz, too low for the sound code`));
  } else {
    ctx.addEventListener('statechange', () => {
      if (!ctx) return;
      if (ctx.state === 'running') running();
      else if (ctx.state !== 'closed') blocked(); // suspended or iOS "interrupted" (a call, another app)
    });
    void resume();
  }

  return {
    get state() {
      return state;
    },
    resume,
    stop() {
      if (state === 'stopped') return;
      release();
      state = 'stopped';
      options.onState?.('stopped');
    },
  };
}
