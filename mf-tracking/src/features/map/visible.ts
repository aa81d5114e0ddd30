// Keeping a label on the map in sight: "You are here" was drawn under the zoom buttons when the rider stood near the
// map's top-right corner. Pure (screen pixels in, the shift out); tested in visible.test.ts.

export type Box = { x: number; y: number; w: number; h: number };

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * How far the map's content must move (screen px, [right, down]) so that `label` lies inside the map (`size`, keeping
 * `margin` from its edges) and clear of every box in `avoid` (the map's controls); [0, 0] when it already does. Out of
 * the map first; then, for each control it sits under, the shorter of moving it below that control or to its left.
 */
export function shiftToShow(label: Box, size: { w: number; h: number }, avoid: readonly Box[], margin = 8): [number, number] {
  let dx = 0;
  let dy = 0;
  if (label.x < margin) dx = margin - label.x;
  else if (label.x + label.w > size.w - margin) dx = size.w - margin - (label.x + label.w);
  if (label.y < margin) dy = margin - label.y;
  else if (label.y + label.h > size.h - margin) dy = size.h - margin - (label.y + label.h);
  for (const box of avoid) {
    const moved = { ...label, x: label.x + dx, y: label.y + dy };
    if (!overlaps(moved, box)) continue;
    const down = box.y + box.h + margin - moved.y;
    const left = box.x - margin - (moved.x + moved.w);
    if (Math.abs(down) <= Math.abs(left)) dy += down;
    else dx += left;
  }
  return [dx, dy];
}
