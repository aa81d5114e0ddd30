import {
  SOUND_FRAME_S,
  SOUND_SAMPLE_RATE,
  SOUND_BASE_HZ,
  SOUND_TONE_SPACING_HZ,
  crc16Ccitt,
  decodeSoundCode,
  encodeSoundCode,
  expandSlot,
  parseSoundPayload,
  soundCodeHex,
  soundPayload,
} from './sound-code';

const SR = SOUND_SAMPLE_RATE;
const utf8 = (s: string) => new TextEncoder().encode(s);

// Jest's sandbox makes every lookup of a global (Math) slow, so hot loops use local bindings and tables.
const { floor, imul } = Math;
const TABLE = 4096;
const SINE = Float64Array.from({ length: TABLE + 1 }, (_, i) => Math.sin((2 * Math.PI * i) / TABLE));
/** sin(2π·turns), linear interpolation in a table. */
function sinTurns(turns: number): number {
  const x = (turns - floor(turns)) * TABLE;
  const i = x | 0;
  return SINE[i] + (SINE[i + 1] - SINE[i]) * (x - i);
}

/** Deterministic noise: mulberry32, and Gaussian values drawn from a table filled once by Box–Muller. */
function rng(seed: number) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const gauss = () => GAUSS[(uniform() * GAUSS.length) | 0];
  return { uniform, gauss };
}
const GAUSS = (() => {
  let a = 12345;
  const u = () => ((a = (Math.imul(a, 1103515245) + 12345) >>> 0) + 0.5) / 4294967296;
  const out = new Float64Array(1 << 17);
  for (let i = 0; i < out.length; i++) out[i] = Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  return out;
})();
type Rng = ReturnType<typeof rng>;

const randomSc = (r: Rng) => Array.from({ length: 12 }, () => Math.floor(r.uniform() * 16).toString(16)).join('');
const meanPower = (x: Float32Array) => x.reduce((s, v) => s + v * v, 0) / x.length;
/** The 17.5–20 kHz band's share of white noise spread over 0–24 kHz. */
const BAND_SHARE = (SOUND_TONE_SPACING_HZ * 16) / (SR / 2);

/** Signal inside `lead` s of silence and `trail` s after, at a sample offset. */
function place(pcm: Float32Array, leadSamples: number, trailSamples: number): Float32Array {
  const out = new Float32Array(leadSamples + pcm.length + trailSamples);
  out.set(pcm, leadSamples);
  return out;
}

/** Adds white Gaussian noise so the in-band SNR (signal power over the noise power inside 17.5–20 kHz) is `snrDb`. */
function addNoise(x: Float32Array, signalPower: number, snrDb: number, r: Rng): Float32Array {
  const bandNoise = signalPower / 10 ** (snrDb / 10);
  const sigma = Math.sqrt(bandNoise / BAND_SHARE);
  const y = new Float32Array(x.length);
  for (let n = 0; n < x.length; n++) y[n] = x[n] + sigma * r.gauss();
  return y;
}

/** A "speech-like" interferer: 1 kHz carrier plus the harmonics of a wobbling 200 Hz voice, syllable-rate (4 Hz) envelope. */
function addSpeech(x: Float32Array, power: number, r: Rng): Float32Array {
  const start = r.uniform();
  const y = new Float32Array(x.length);
  let voice = 0; // phase of the 200 Hz fundamental, in turns
  for (let n = 0; n < x.length; n++) {
    const t = n / SR;
    voice += (200 * (1 + 0.05 * sinTurns(3 * t))) / SR;
    let v = sinTurns(1000 * t + start);
    for (let h = 1; h <= 15; h++) v += sinTurns(h * voice) / h;
    y[n] = v * (0.6 + 0.4 * sinTurns(4 * t + start));
  }
  const scale = Math.sqrt(power / meanPower(y));
  for (let n = 0; n < x.length; n++) y[n] = x[n] + scale * y[n];
  return y;
}

/** Band-limited resampling (windowed sinc, 64 taps): what a device recording at another rate hears. */
function resample(x: Float32Array, from: number, to: number): Float32Array {
  const { sin, cos, PI, floor: fl } = Math;
  const out = new Float32Array(fl((x.length * to) / from));
  const cutoff = Math.min(1, to / from) * 0.97;
  const HALF = 32;
  for (let m = 0; m < out.length; m++) {
    const t = (m * from) / to;
    const k0 = fl(t);
    let acc = 0;
    for (let k = k0 - HALF + 1; k <= k0 + HALF; k++) {
      if (k < 0 || k >= x.length) continue;
      const d = t - k;
      const sinc = d === 0 ? 1 : sin(PI * cutoff * d) / (PI * cutoff * d);
      acc += x[k] * cutoff * sinc * (0.5 + 0.5 * cos((PI * d) / HALF));
    }
    out[m] = acc;
  }
  return out;
}

describe('sound payload', () => {
  it('uses CRC-16/CCITT-FALSE (check value of "123456789" is 0x29B1)', () => {
    expect(crc16Ccitt(utf8('123456789'))).toBe(0x29b1);
  });
  it('is sc (6 bytes) + slot & 0xffff (big-endian) + CRC of the first 8 bytes', () => {
    const p = soundPayload('0123456789ab', 0x12345678);
    expect(soundCodeHex(p).slice(0, 16)).toBe('0123456789ab5678');
    expect((p[8] << 8) | p[9]).toBe(crc16Ccitt(p.subarray(0, 8)));
    expect(parseSoundPayload(p)).toEqual({ sc: '0123456789ab', slot16: 0x5678 });
    expect(parseSoundPayload(soundCodeHex(p))).toEqual({ sc: '0123456789ab', slot16: 0x5678 });
    expect(parseSoundPayload(soundCodeHex(p).toUpperCase())).toEqual({ sc: '0123456789ab', slot16: 0x5678 });
  });
  it('refuses a bad sc, slot, length, hex or CRC', () => {
    expect(() => soundPayload('0123456789AB', 1)).toThrow(RangeError);
    expect(() => soundPayload('0123456789a', 1)).toThrow(RangeError);
    expect(() => soundPayload('0123456789ab', -1)).toThrow(RangeError);
    expect(() => soundPayload('0123456789ab', 1.5)).toThrow(RangeError);
    expect(parseSoundPayload(new Uint8Array(9))).toBeNull();
    expect(parseSoundPayload('zz'.repeat(10))).toBeNull();
    expect(parseSoundPayload('00'.repeat(11))).toBeNull();
    const p = soundPayload('0123456789ab', 7);
    for (let bit = 0; bit < 80; bit++) {
      const q = p.slice();
      q[bit >> 3] ^= 0x80 >> (bit & 7);
      expect(parseSoundPayload(q)).toBeNull();
    }
  });
  it('expands the low 16 bits of a slot to the full slot nearest the current one, across the wrap', () => {
    const slot = 176_390_000; // about Nov 2025 in 10 s slots
    expect(expandSlot(slot & 0xffff, slot)).toBe(slot);
    expect(expandSlot((slot - 3) & 0xffff, slot)).toBe(slot - 3);
    expect(expandSlot((slot + 2) & 0xffff, slot)).toBe(slot + 2);
    const wrap = 0x30000; // low bits 0x0000
    expect(expandSlot(0xffff, wrap)).toBe(wrap - 1);
    expect(expandSlot(0x0001, wrap - 1)).toBe(wrap + 1);
  });
});

describe('sound code PCM', () => {
  it('is one frame of about a second, near-ultrasonic, within −1..1 and silent at both ends (no click)', () => {
    const pcm = encodeSoundCode(soundPayload('a1b2c3d4e5f6', 42));
    expect(pcm.length).toBe(Math.round(SOUND_FRAME_S * SR));
    expect(SOUND_FRAME_S).toBeLessThan(1.5);
    expect(Math.max(...pcm.map(Math.abs))).toBeLessThanOrEqual(0.5);
    expect(Math.abs(pcm[0])).toBeLessThan(0.01);
    expect(Math.abs(pcm[pcm.length - 1])).toBeLessThan(0.01);
    // No sample-to-sample jump bigger than a 20 kHz sine at full amplitude makes.
    let maxStep = 0;
    for (let i = 1; i < pcm.length; i++) maxStep = Math.max(maxStep, Math.abs(pcm[i] - pcm[i - 1]));
    expect(maxStep).toBeLessThanOrEqual((0.5 * 2 * Math.PI * 20_000) / SR);
    expect(SOUND_BASE_HZ).toBeGreaterThanOrEqual(17_500);
    expect(SOUND_BASE_HZ + 15 * SOUND_TONE_SPACING_HZ).toBeLessThanOrEqual(20_000);
  });

  it('round-trips, at 48 kHz and at 44.1 kHz', () => {
    const p = soundPayload('00ff10ef7e81', 0xffff);
    expect(decodeSoundCode(encodeSoundCode(p))).toMatchObject({ sc: '00ff10ef7e81', slot16: 0xffff, offset: 0 });
    expect(decodeSoundCode(encodeSoundCode(p, { sampleRate: 44_100 }), 44_100)).toMatchObject({ sc: '00ff10ef7e81', slot16: 0xffff });
    expect(() => encodeSoundCode(p, { sampleRate: 16_000 })).toThrow(RangeError);
  });

  it('keeps exact 40 ms symbols at any rate: played at 44.1 kHz it decodes from a 48 kHz recording, and back', () => {
    const r = rng(4);
    for (const [play, record] of [
      [44_100, 48_000],
      [48_000, 44_100],
      [96_000, 48_000],
    ] as const) {
      const sc = randomSc(r);
      const pcm = encodeSoundCode(soundPayload(sc, 0x1234), { sampleRate: play });
      expect(pcm.length).toBe(Math.round(SOUND_FRAME_S * play));
      const heard = resample(place(pcm, Math.round(play * 0.2137), Math.round(play * 0.1)), play, record);
      expect(decodeSoundCode(addNoise(heard, meanPower(heard) * 2, 0, r), record)).toMatchObject({ sc, slot16: 0x1234 });
    }
  });

  it('finds the frame after silence at any sample offset, with silence after it', () => {
    const r = rng(1);
    for (const lead of [1, 119, 120, 121, 239, 4_801, 23_999]) {
      const sc = randomSc(r);
      const decoded = decodeSoundCode(place(encodeSoundCode(soundPayload(sc, lead)), lead, 7_777));
      expect(decoded).toMatchObject({ sc, slot16: lead });
      expect(Math.abs(decoded!.offset - lead)).toBeLessThanOrEqual(120);
    }
  });

  it('finds nothing in silence, in noise or in speech, and nothing in a clipped frame', () => {
    const r = rng(2);
    expect(decodeSoundCode(new Float32Array(SR * 2))).toBeNull();
    expect(decodeSoundCode(new Float32Array(100))).toBeNull();
    for (let i = 0; i < 20; i++) expect(decodeSoundCode(addNoise(new Float32Array(SR * 2), 0.1, 0, r))).toBeNull();
    expect(decodeSoundCode(addSpeech(new Float32Array(SR * 2), 0.1, r))).toBeNull();
    const pcm = encodeSoundCode(soundPayload('a1b2c3d4e5f6', 1));
    expect(decodeSoundCode(pcm.subarray(0, pcm.length - 2_000))).toBeNull();
  });

  it('refuses a frame with a wrong symbol (CRC) instead of decoding another code', () => {
    const r = rng(3);
    let refused = 0;
    for (let i = 0; i < 50; i++) {
      const payload = soundPayload(randomSc(r), i);
      const corrupt = payload.slice();
      const byte = Math.floor(r.uniform() * 10);
      corrupt[byte] ^= 1 + Math.floor(r.uniform() * 255); // one or two wrong symbols, CRC left as it was
      const decoded = decodeSoundCode(place(encodeSoundCode(corrupt), 1_000, 1_000));
      if (decoded === null) refused++;
      else expect(decoded.bytes).toEqual(payload); // never happens: a wrong code must never come out
    }
    expect(refused).toBe(50);
  });

  it('decodes through white noise and a speech-like 1 kHz interferer (success rate over random codes)', () => {
    const r = rng(20261121);
    const conditions: { name: string; codes: number; snrDb: number; speechDb?: number; min: number }[] = [
      { name: 'in-band SNR 10 dB', codes: 200, snrDb: 10, min: 1 },
      { name: 'in-band SNR 0 dB', codes: 200, snrDb: 0, min: 1 },
      { name: 'in-band SNR -5 dB', codes: 200, snrDb: -5, min: 0.97 },
      { name: 'in-band SNR -8 dB', codes: 100, snrDb: -8, min: 0.5 },
      { name: 'in-band SNR 0 dB + speech-like 1 kHz interferer 20 dB louder than the code', codes: 100, snrDb: 0, speechDb: 20, min: 1 },
    ];
    const lines: string[] = [];
    for (const c of conditions) {
      let ok = 0;
      let wrong = 0;
      for (let i = 0; i < c.codes; i++) {
        const sc = randomSc(r);
        const slot = Math.floor(r.uniform() * 0x10000);
        const pcm = encodeSoundCode(soundPayload(sc, slot));
        const power = meanPower(pcm);
        let x = place(pcm, Math.floor(r.uniform() * SR * 0.3), Math.floor(r.uniform() * SR * 0.2));
        if (c.speechDb !== undefined) x = addSpeech(x, power * 10 ** (c.speechDb / 10), r);
        x = addNoise(x, power, c.snrDb, r);
        const decoded = decodeSoundCode(x);
        if (decoded?.sc === sc && decoded.slot16 === slot) ok++;
        else if (decoded) wrong++;
      }
      lines.push(`${c.name}: ${ok}/${c.codes} decoded (${((100 * ok) / c.codes).toFixed(1)} %), ${wrong} wrong`);
      expect(wrong).toBe(0);
      expect(ok / c.codes).toBeGreaterThanOrEqual(c.min);
    }
    console.log(`sound code decoder, random codes (seeded noise):\n${lines.join('\n')}`);
  });
});
