import { decodeSoundCode, soundPayload } from '@sawari/domain';
import { playSoundCode, soundAvailable, type SoundState } from './sound-player';

/** The part of Web Audio the player uses, recording what it plays. */
class FakeAudioContext extends EventTarget {
  state: 'suspended' | 'running' | 'closed' = 'suspended';
  played: Float32Array[] = [];
  destination = {};
  constructor(
    readonly sampleRate = 48_000,
    private allowResume = true,
  ) {
    super();
  }
  allowAudio() {
    this.allowResume = true;
  }
  async resume() {
    if (this.allowResume && this.state === 'suspended') {
      this.state = 'running';
      this.dispatchEvent(new Event('statechange'));
    }
  }
  async close() {
    this.state = 'closed';
  }
  createBuffer(_channels: number, length: number, sampleRate: number) {
    const data = new Float32Array(length);
    return { sampleRate, getChannelData: () => data };
  }
  createBufferSource() {
    const node = {
      buffer: null as null | { getChannelData: () => Float32Array },
      connect: () => undefined,
      disconnect: () => undefined,
      start: () => this.played.push(node.buffer!.getChannelData()),
      stop: () => undefined,
    };
    return node;
  }
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
const SLOT = (t: number) => Math.floor(t / 10_000);

describe('sound player', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('plays the current slot at once and every 8 s until stopped; each play decodes to that slot', async () => {
    const ctx = new FakeAudioContext();
    let clock = 1_763_700_000_000;
    const states: SoundState[] = [];
    const player = playSoundCode((now) => soundPayload('a1b2c3d4e5f6', SLOT(now)), {
      createContext: () => ctx as unknown as AudioContext,
      now: () => clock,
      onState: (s) => states.push(s),
      gestureTarget: null,
    });
    await flush();
    expect(player.state).toBe('playing');
    expect(ctx.played).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      clock += 8_000;
      jest.advanceTimersByTime(8_000);
    }
    expect(ctx.played).toHaveLength(4);
    ctx.played.forEach((pcm, i) => {
      expect(decodeSoundCode(pcm)).toMatchObject({ sc: 'a1b2c3d4e5f6', slot16: SLOT(1_763_700_000_000 + i * 8_000) & 0xffff });
    });
    player.stop();
    expect(ctx.state).toBe('closed');
    jest.advanceTimersByTime(60_000);
    expect(ctx.played).toHaveLength(4);
    expect(states).toEqual(['playing', 'stopped']);
  });

  it('waits for a user gesture when the browser blocks autoplay, then plays', async () => {
    const ctx = new FakeAudioContext(48_000, false);
    const page = new EventTarget();
    const states: SoundState[] = [];
    const player = playSoundCode(() => soundPayload('000000000001', 1), {
      createContext: () => ctx as unknown as AudioContext,
      onState: (s) => states.push(s),
      gestureTarget: page,
    });
    await flush();
    expect(player.state).toBe('blocked');
    jest.advanceTimersByTime(20_000);
    expect(ctx.played).toHaveLength(0);
    page.dispatchEvent(new Event('pointerdown')); // still blocked by the browser: stays blocked
    await flush();
    expect(player.state).toBe('blocked');
    ctx.allowAudio();
    page.dispatchEvent(new Event('keydown'));
    await flush();
    expect(player.state).toBe('playing');
    expect(ctx.played).toHaveLength(1);
    // The OS takes the audio away (a phone call): blocked again, and no plays meanwhile.
    ctx.state = 'suspended';
    ctx.dispatchEvent(new Event('statechange'));
    jest.advanceTimersByTime(16_000);
    expect(player.state).toBe('blocked');
    expect(ctx.played).toHaveLength(1);
    await player.resume();
    expect(player.state).toBe('playing');
    player.stop();
    expect(states).toEqual(['blocked', 'playing', 'blocked', 'playing', 'stopped']);
  });

  it('reports unavailable with no Web Audio, or an output too slow for 20 kHz tones', async () => {
    expect(soundAvailable()).toBe(false); // Node has no AudioContext
    const reasons: string[] = [];
    const a = playSoundCode(() => soundPayload('000000000001', 1), { onState: (s, r) => reasons.push(`${s}: ${r}`), gestureTarget: null });
    const b = playSoundCode(() => soundPayload('000000000001', 1), {
      createContext: () => new FakeAudioContext(22_050) as unknown as AudioContext,
      onState: (s, r) => reasons.push(`${s}: ${r}`),
      gestureTarget: null,
    });
    await flush();
    expect(a.state).toBe('unavailable');
    expect(b.state).toBe('unavailable');
    expect(reasons).toEqual(['unavailable: this browser has no Web Audio', 'unavailable: the audio output runs at 22050 Hz, too low for the sound code']);
  });
});
