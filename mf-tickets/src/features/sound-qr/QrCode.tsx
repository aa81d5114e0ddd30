// The ticket's QR as one crisp SVG path (black on white, 4-module quiet zone), with the encoded text in `data-code`
// (the end-to-end tests read it; a validator reads the image).
import { useEffect, useMemo, useRef, useState } from 'react';
import qrcode from 'qrcode-generator';
import { styles } from '../common/ui';

const QR_ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;

let last: { text: string; path: { d: string; size: number } } | null = null;

/**
 * SVG path data of the dark modules, and the symbol size in modules (quiet zone excluded). The last answer is kept:
 * a path drawn ahead of the screen (the ticket screen's warm-up) is not computed twice (about 30 ms on a slow phone).
 */
export function qrPath(text: string): { d: string; size: number } {
  if (last?.text === text) return last.path;
  const path = computeQrPath(text);
  last = { text, path };
  return path;
}

function computeQrPath(text: string): { d: string; size: number } {
  // Level L: a phone screen does not get dirty or torn, and the smaller symbol scans better. A ticket code is
  // "SW2:" + base45, all QR alphanumeric characters (5.5 bits each instead of 8): about 430 characters, version 11
  // (61 modules) instead of the 89 of byte mode.
  const qr = qrcode(0, 'L');
  qr.addData(text, QR_ALPHANUMERIC.test(text) ? 'Alphanumeric' : 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  let d = '';
  for (let r = 0; r < size; r++) {
    let run = 0;
    for (let c = 0; c <= size; c++) {
      if (c < size && qr.isDark(r, c)) run++;
      else if (run) {
        d += `M${c - run + 4} ${r + 4}h${run}v1h-${run}z`;
        run = 0;
      }
    }
  }
  return { d, size };
}

/** Largest whole number of pixels per module that fits the box (so every module is the same size, edges crisp). */
export const pixelsPerModule = (available: number, modules: number, max = 420): number => Math.max(1, Math.floor(Math.min(available, max) / modules));

export function QrCode({ text, label }: { text: string; label: string }) {
  const { d, size } = useMemo(() => qrPath(text), [text]);
  const box = size + 8;
  const holder = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(320);
  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    const measure = () => setAvailable(el.clientWidth || 320);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);
  // Whole device pixels per module (a phone at 3× gets 3.33 CSS px modules, not 3).
  const dpr = Math.max(1, Math.round((globalThis.devicePixelRatio || 1) * 4) / 4);
  const px = (pixelsPerModule(available * dpr, box, 420 * dpr) * box) / dpr;
  return (
    <div ref={holder} className={styles.qrHolder}>
      <svg
        className={styles.qr}
        width={px}
        height={px}
        viewBox={`0 0 ${box} ${box}`}
        role="img"
        aria-label={label}
        data-code={text}
        shapeRendering="crispEdges"
        data-testid="ticket-qr"
      >
        <rect width={box} height={box} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
    </div>
  );
}
