// The ticket's QR as one crisp SVG path (black on white, 4-module quiet zone), with the encoded text in `data-code`
// (the end-to-end tests read it; a validator reads the image).
import { useMemo } from 'react';
import qrcode from 'qrcode-generator';
import { styles } from '../common/ui';

/** SVG path data of the dark modules, and the symbol size in modules (quiet zone excluded). */
export function qrPath(text: string): { d: string; size: number } {
  // Level L: a phone screen does not get dirty or torn, and the smaller symbol (about 600 bytes of text) scans better.
  const qr = qrcode(0, 'L');
  qr.addData(text, 'Byte');
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

export function QrCode({ text, label }: { text: string; label: string }) {
  const { d, size } = useMemo(() => qrPath(text), [text]);
  const box = size + 8;
  return (
    <svg className={styles.qr} viewBox={`0 0 ${box} ${box}`} role="img" aria-label={label} data-code={text} shapeRendering="crispEdges" data-testid="ticket-qr">
      <rect width={box} height={box} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
