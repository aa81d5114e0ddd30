import jsQR from 'jsqr';
import { pixelsPerModule, qrPath } from './QrCode';

/** Draws the path's modules (4 px each, 4-module quiet zone included) into RGBA and reads it back with jsQR. */
function decode(d: string, size: number): string | null {
  const box = size + 8;
  const scale = 4;
  const w = box * scale;
  const rgba = new Uint8ClampedArray(w * w * 4).fill(255);
  for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, run] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let c = x; c < x + run; c++)
      for (let py = y * scale; py < (y + 1) * scale; py++)
        for (let px = c * scale; px < (c + 1) * scale; px++) rgba.fill(0, (py * w + px) * 4, (py * w + px) * 4 + 3);
  }
  return jsQR(rgba, w, w)?.data ?? null;
}

describe('ticket QR drawing', () => {
  it('draws a code that reads back exactly, for a ticket-sized text', () => {
    const text = `SWT1.${'eyJ2IjoxLCJraWQiOiJhYmMifQ'.repeat(12)}.${'A'.repeat(86)}.177000000.${'b'.repeat(86)}`;
    const { d, size } = qrPath(text);
    expect(size).toBeGreaterThan(21);
    expect(decode(d, size)).toBe(text);
  });
  it('uses whole pixels per module, at most 420 px and at least 1 px per module', () => {
    expect(pixelsPerModule(324, 101)).toBe(3);
    expect(pixelsPerModule(1000, 101)).toBe(4); // 420 px cap
    expect(pixelsPerModule(50, 101)).toBe(1);
    expect(pixelsPerModule(303, 101)).toBe(3);
    expect(pixelsPerModule(302, 101)).toBe(2);
  });
});
