// Plays a ticket as sound (docs/validation.md "Sound code"): the 10-byte payload (sound short code + slot + CRC) as
// near-ultrasonic FSK from shared/domain sound-code.ts, through Web Audio, again every 8 s (spec §9) with the
// current slot, until stopped.
import { encodeSoundCode, slotAt, SOUND_REPLAY_MS, SOUND_SAMPLE_RATE, soundPayload } from '@sawari/domain';

/** Starts playing `sc` now and every 8 s; answers the function that stops it. */
export async function playTicketSound(sc: string, now: () => number = Date.now): Promise<() => void> {
  const Ctx = globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) throw new Error('Web Audio is not available');
  const ctx = new Ctx({ sampleRate: SOUND_SAMPLE_RATE });
  await ctx.resume();
  let source: AudioBufferSourceNode | null = null;
  const play = () => {
    const pcm = encodeSoundCode(soundPayload(sc, slotAt(now())), { sampleRate: ctx.sampleRate });
    const buffer = ctx.createBuffer(1, pcm.length, ctx.sampleRate);
    buffer.copyToChannel(pcm as Float32Array<ArrayBuffer>, 0);
    source = ctx.createBufferSource();
    source.buffer = buffer;
    source.connect(ctx.destination);
    source.start();
  };
  play();
  const timer = setInterval(play, SOUND_REPLAY_MS);
  return () => {
    clearInterval(timer);
    try {
      source?.stop();
    } catch {
      // already ended
    }
    void ctx.close();
  };
}
