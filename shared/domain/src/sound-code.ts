/**
 * Sound code (the ticket as near-ultrasonic sound, issue "Sound QR", spec §9 sound replay every 8 s). Pure: no Web
 * Audio, no clock. The app plays {@link encodeSoundCode}'s PCM; a validator records the microphone and runs
 * {@link decodeSoundCode}.
 *
 * Payload (10 bytes): `sc` (6 bytes, the token's 12-hex-char sound short code) + `slot & 0xffff` (2 bytes, big-endian;
 * slot = floor(now / 10 s) as in the QR) + CRC-16/CCITT-FALSE of the first 8 bytes (2 bytes, big-endian).
 *
 * Modulation: 16-tone FSK (4 bits per symbol, high nibble first), tones 17,500 Hz + k × 166⅔ Hz (k = 0..15, so
 * 17,500–20,000 Hz). Each symbol lasts 40 ms: a 5 ms raised-cosine ramp up, 30 ms steady, a 5 ms ramp down (no clicks,
 * and the steady 30 ms holds a whole number of cycles of every tone, so the tones are orthogonal over it). A frame is a
 * 6-symbol preamble (fixed tones) then the 20 payload symbols: 26 × 40 ms = 1.04 s.
 *
 * Decoding: the samples are cut into 5 ms hops; per hop and tone one complex DFT sum (phase referred to the absolute
 * sample index, so a window's coefficient is the sum of its hops'). The preamble is searched at every hop offset by
 * its share of in-band energy, the best candidates are refined, each candidate's 20 symbols are read by the strongest
 * tone, and only a frame whose CRC matches is returned. So a corrupted frame is refused, never decoded to a wrong code
 * (bar the CRC's 1-in-65,536 chance per tried candidate; at most {@link SOUND_MAX_CANDIDATES} are tried).
 */

export const SOUND_SAMPLE_RATE = 48_000;
export const SOUND_PAYLOAD_BYTES = 10;
export const SOUND_TONE_COUNT = 16;
export const SOUND_BASE_HZ = 17_500;
export const SOUND_TONE_SPACING_HZ = 500 / 3;
/** Symbol timing in seconds. */
export const SOUND_SYMBOL_S = 0.04;
export const SOUND_RAMP_S = 0.005;
/** Preamble tones (spread over the band so a narrow notch or one echo cannot fake it). */
export const SOUND_PREAMBLE = [0, 15, 4, 11, 7, 13] as const;
const PAYLOAD_SYMBOLS = SOUND_PAYLOAD_BYTES * 2;
const FRAME_SYMBOLS = SOUND_PREAMBLE.length + PAYLOAD_SYMBOLS;
/** Duration of one encoded frame in seconds (1.04 s). */
export const SOUND_FRAME_S = FRAME_SYMBOLS * SOUND_SYMBOL_S;
/** Candidate alignments tried against the CRC per decode. */
export const SOUND_MAX_CANDIDATES = 4;
/** Mean preamble energy share (0..1; 1/16 for noise) below which no frame is assumed. */
const PREAMBLE_THRESHOLD = 0.3;

// ---------------------------------------------------------------------------------------------------------------------
// Payload

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final xor ("123456789" → 0x29B1). */
export function crc16Ccitt(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const SC_PATTERN = /^[0-9a-f]{12}$/;

/** The 10-byte sound payload for a ticket's sound short code `sc` (12 lowercase hex chars) and QR slot. */
export function soundPayload(sc: string, slot: number): Uint8Array {
  if (!SC_PATTERN.test(sc)) throw new RangeError('sc must be 12 lowercase hex characters');
  if (!Number.isInteger(slot) || slot < 0) throw new RangeError('slot must be a non-negative integer');
  const bytes = new Uint8Array(SOUND_PAYLOAD_BYTES);
  for (let i = 0; i < 6; i++) bytes[i] = parseInt(sc.slice(i * 2, i * 2 + 2), 16);
  bytes[6] = (slot >>> 8) & 0xff;
  bytes[7] = slot & 0xff;
  const crc = crc16Ccitt(bytes.subarray(0, 8));
  bytes[8] = crc >>> 8;
  bytes[9] = crc & 0xff;
  return bytes;
}

export interface SoundPayload {
  /** The sound short code, 12 lowercase hex chars. */
  sc: string;
  /** The low 16 bits of the QR slot; {@link expandSlot} recovers the full slot near a clock reading. */
  slot16: number;
}

/**
 * Reads a sound payload: 10 bytes or their 20 hex chars (the validator endpoint's `soundCode`). Null when the length,
 * the hex or the CRC is wrong.
 */
export function parseSoundPayload(input: Uint8Array | string): SoundPayload | null {
  let bytes: Uint8Array;
  if (typeof input === 'string') {
    if (!/^[0-9a-fA-F]{20}$/.test(input)) return null;
    bytes = new Uint8Array(SOUND_PAYLOAD_BYTES);
    for (let i = 0; i < SOUND_PAYLOAD_BYTES; i++) bytes[i] = parseInt(input.slice(i * 2, i * 2 + 2), 16);
  } else bytes = input;
  if (bytes.length !== SOUND_PAYLOAD_BYTES) return null;
  if (crc16Ccitt(bytes.subarray(0, 8)) !== ((bytes[8] << 8) | bytes[9])) return null;
  return { sc: toHex(bytes.subarray(0, 6)), slot16: (bytes[6] << 8) | bytes[7] };
}

/** The payload as 20 lowercase hex chars (what a validator posts as `soundCode`). */
export const soundCodeHex = (payload: Uint8Array): string => toHex(payload);

/** The full slot whose low 16 bits are `slot16`, nearest to `currentSlot` (slots wrap every 7.6 days). */
export function expandSlot(slot16: number, currentSlot: number): number {
  const base = currentSlot - (currentSlot & 0xffff) + slot16;
  const candidates = [base - 0x10000, base, base + 0x10000];
  return candidates.reduce((best, c) => (Math.abs(c - currentSlot) < Math.abs(best - currentSlot) ? c : best));
}

const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

// ---------------------------------------------------------------------------------------------------------------------
// Modulation

// Local bindings: a global lookup per sample is slow in some sandboxes (jest's vm contexts).
const { sin, cos, PI } = Math;
const toneHz = (k: number): number => SOUND_BASE_HZ + k * SOUND_TONE_SPACING_HZ;

interface Timing {
  /** Exact samples per hop (5 ms; 220.5 at 44.1 kHz): hop h starts at sample round(h × hop). */
  hop: number;
  hopsPerSymbol: number;
}

function timing(sampleRate: number): Timing {
  if (!(sampleRate >= 44_100)) throw new RangeError('the sound code needs a sample rate of at least 44.1 kHz');
  // Boundaries are rounded from exact times, so the sound keeps 40 ms symbols at any rate: a code played at 44.1 kHz
  // decodes from a 48 kHz recording and the other way round.
  return { hop: sampleRate * SOUND_RAMP_S, hopsPerSymbol: Math.round(SOUND_SYMBOL_S / SOUND_RAMP_S) };
}
const hopStart = (t: Timing, h: number): number => Math.round(h * t.hop);

/** Symbols (tone indexes) of a frame: the preamble then each byte's high and low nibble. */
function frameSymbols(payload: Uint8Array): number[] {
  const out: number[] = [...SOUND_PREAMBLE];
  for (const byte of payload) out.push(byte >>> 4, byte & 0x0f);
  return out;
}

export interface EncodeOptions {
  /** Samples per second (default 48 kHz; anything from 44.1 kHz works). */
  sampleRate?: number;
  /** Peak amplitude, 0..1 (default 0.5). */
  amplitude?: number;
}

/** PCM (mono Float32, −1..1) of one frame carrying the 10-byte payload. */
export function encodeSoundCode(payload: Uint8Array, options: EncodeOptions = {}): Float32Array {
  if (payload.length !== SOUND_PAYLOAD_BYTES) throw new RangeError(`the payload must be ${SOUND_PAYLOAD_BYTES} bytes`);
  const sampleRate = options.sampleRate ?? SOUND_SAMPLE_RATE;
  const amplitude = options.amplitude ?? 0.5;
  const t = timing(sampleRate);
  const symbols = frameSymbols(payload);
  const out = new Float32Array(hopStart(t, symbols.length * t.hopsPerSymbol));
  const ramp = Math.round(t.hop);
  symbols.forEach((k, s) => {
    const w = (2 * PI * toneHz(k)) / sampleRate;
    const start = hopStart(t, s * t.hopsPerSymbol);
    const length = hopStart(t, (s + 1) * t.hopsPerSymbol) - start;
    for (let n = 0; n < length; n++) {
      // Raised-cosine ramps over the first and last 5 ms: each symbol starts and ends at zero (no click).
      const edge = n < length - 1 - n ? n : length - 1 - n;
      const envelope = edge >= ramp ? 1 : 0.5 - 0.5 * cos((PI * (edge + 0.5)) / ramp);
      out[start + n] = amplitude * envelope * sin(w * (start + n));
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
// Demodulation

/** Per hop h and tone k: the complex sum Σ x[n]·e^(−iωₖn) over the hop, as prefix sums over hops (re, im). */
function hopSpectra(samples: Float32Array, sampleRate: number, t: Timing): { re: Float64Array; im: Float64Array; hops: number } {
  let hops = Math.floor(samples.length / t.hop);
  while (hops > 0 && hopStart(t, hops) > samples.length) hops--;
  const re = new Float64Array((hops + 1) * SOUND_TONE_COUNT);
  const im = new Float64Array((hops + 1) * SOUND_TONE_COUNT);
  for (let k = 0; k < SOUND_TONE_COUNT; k++) {
    const w = (2 * Math.PI * toneHz(k)) / sampleRate;
    const stepC = Math.cos(w);
    const stepS = Math.sin(w);
    let accRe = 0;
    let accIm = 0;
    for (let h = 0; h < hops; h++) {
      const start = hopStart(t, h);
      const end = hopStart(t, h + 1);
      // Oscillator e^(−iωn) restarted exactly at each hop (no drift over long inputs).
      let c = Math.cos(w * start);
      let s = -Math.sin(w * start);
      let sumRe = 0;
      let sumIm = 0;
      for (let n = start; n < end; n++) {
        const x = samples[n];
        sumRe += x * c;
        sumIm += x * s;
        const nc = c * stepC + s * stepS; // (c + is)·e^(−iw)
        s = s * stepC - c * stepS;
        c = nc;
      }
      accRe += sumRe;
      accIm += sumIm;
      re[(h + 1) * SOUND_TONE_COUNT + k] = accRe;
      im[(h + 1) * SOUND_TONE_COUNT + k] = accIm;
    }
  }
  return { re, im, hops };
}

export interface DecodedSound extends SoundPayload {
  bytes: Uint8Array;
  /** Sample index where the frame starts (to a hop, 5 ms). */
  offset: number;
}

/**
 * Finds and reads a sound-code frame anywhere in `samples` (mono PCM). Null when there is none or no candidate passes
 * the CRC.
 */
export function decodeSoundCode(samples: Float32Array, sampleRate: number = SOUND_SAMPLE_RATE): DecodedSound | null {
  const t = timing(sampleRate);
  const { re, im, hops } = hopSpectra(samples, sampleRate, t);
  const frameHops = FRAME_SYMBOLS * t.hopsPerSymbol;
  if (hops < frameHops) return null;
  // The steady part of a symbol starting at hop h is hops h+1 .. h+6: read over exactly those 30 ms.
  const powers = new Float64Array(SOUND_TONE_COUNT);
  const symbolPowers = (h: number): Float64Array => {
    const a = (h + 1) * SOUND_TONE_COUNT;
    const b = (h + t.hopsPerSymbol - 1) * SOUND_TONE_COUNT;
    for (let k = 0; k < SOUND_TONE_COUNT; k++) {
      const r = re[b + k] - re[a + k];
      const i = im[b + k] - im[a + k];
      powers[k] = r * r + i * i;
    }
    return powers;
  };
  const preambleScore = (h: number): number => {
    let score = 0;
    SOUND_PREAMBLE.forEach((tone, i) => {
      const p = symbolPowers(h + i * t.hopsPerSymbol);
      let total = 0;
      for (let k = 0; k < SOUND_TONE_COUNT; k++) total += p[k];
      score += total > 0 ? p[tone] / total : 0;
    });
    return score / SOUND_PREAMBLE.length;
  };

  const last = hops - frameHops;
  const scores = new Float64Array(last + 1);
  for (let h = 0; h <= last; h++) scores[h] = preambleScore(h);
  // Local maxima above the threshold, best first, at least a symbol apart.
  const order = Array.from(scores.keys())
    .filter((h) => scores[h] >= PREAMBLE_THRESHOLD)
    .sort((a, b) => scores[b] - scores[a]);
  const picked: number[] = [];
  for (const h of order) {
    if (picked.length >= SOUND_MAX_CANDIDATES) break;
    if (picked.every((p) => Math.abs(p - h) >= t.hopsPerSymbol)) picked.push(h);
  }
  for (const h of picked) {
    const bytes = new Uint8Array(SOUND_PAYLOAD_BYTES);
    for (let s = 0; s < PAYLOAD_SYMBOLS; s++) {
      const p = symbolPowers(h + (SOUND_PREAMBLE.length + s) * t.hopsPerSymbol);
      let best = 0;
      for (let k = 1; k < SOUND_TONE_COUNT; k++) if (p[k] > p[best]) best = k;
      bytes[s >> 1] |= s % 2 === 0 ? best << 4 : best;
    }
    const parsed = parseSoundPayload(bytes);
    if (parsed) return { ...parsed, bytes, offset: hopStart(t, h) };
  }
  return null;
}
