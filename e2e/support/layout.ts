import { expect, type Page } from '@playwright/test';

// A screen a rider can read on a phone: nothing scrolls sideways, no text is squeezed into a column a few letters wide
// (a long route name beside a headsign once left the headsign one letter per line), and no list row is taller than the
// screen (a row per bus that needs scrolling through to reach the next). Run on the page as drawn, any language.

export type LayoutProblem = { kind: 'sideways' | 'squeezed' | 'tall row'; what: string; detail: string };

/** What `expectReadableLayout` finds wrong on the page as drawn now (empty: nothing). */
export async function layoutProblems(page: Page, opts: { minChars?: number } = {}): Promise<LayoutProblem[]> {
  return page.evaluate(
    ({ minChars }) => {
      const problems: { kind: 'sideways' | 'squeezed' | 'tall row'; what: string; detail: string }[] = [];
      const vw = window.innerWidth;
      const vh = window.innerHeight;
      const short = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(/\s+/)[0]}` : ''}`;
      if (document.documentElement.scrollWidth > vw) {
        // Name what sticks out: the innermost elements reaching past the screen's right edge.
        const clipped = (e: Element) => {
          for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
            if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= vw + 1) return true;
          return false;
        };
        const out = [...document.body.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > vw + 1 && !clipped(e));
        const innermost = out.filter((e) => !out.some((o) => o !== e && e.contains(o))).slice(0, 3);
        problems.push({
          kind: 'sideways',
          what: 'page',
          detail: `${document.documentElement.scrollWidth} px wide on a ${vw} px screen; past the edge: ${innermost.map((e) => `${name(e)} "${short(e.textContent).slice(0, 30)}"`).join(', ')}`,
        });
      }

      // Hidden, or visually hidden for screen readers only (a 1 px clipped box): not drawn text.
      const drawn = (el: Element | null): boolean => {
        for (let e = el; e && e !== document.body; e = e.parentElement) {
          const s = getComputedStyle(e);
          if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0') return false;
          const r = e.getBoundingClientRect();
          if ((r.width <= 1 || r.height <= 1) && (s.overflow === 'hidden' || s.clip !== 'auto' || s.clipPath !== 'none')) return false;
        }
        return true;
      };

      // Squeezed text: a run of at least minChars letters drawn on 3 or more lines, none of them wider than ~3 characters.
      const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? '';
        if (text.replace(/\s/g, '').length < minChars) continue;
        const parent = n.parentElement;
        if (!parent || seen.has(parent) || !drawn(parent)) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        const lines = new Set(rects.map((r) => Math.round(r.top))).size;
        if (lines < 3) continue;
        const fontPx = parseFloat(getComputedStyle(parent).fontSize) || 16;
        const widest = Math.max(...rects.map((r) => r.width));
        if (widest < 2 * fontPx) {
          seen.add(parent);
          problems.push({ kind: 'squeezed', what: `${name(parent)} "${short(text)}"`, detail: `${lines} lines, none wider than ${Math.round(widest)} px` });
        }
      }

      // Rows taller than the screen: list items (and table rows) that hold no list of their own.
      for (const row of document.querySelectorAll('main li, main tr, main [role="row"], main [role="listitem"]')) {
        if (row.querySelector('li, tr, [role="row"], [role="listitem"]') || !drawn(row)) continue;
        const h = row.getBoundingClientRect().height;
        if (h > vh)
          problems.push({ kind: 'tall row', what: `${name(row)} "${short(row.textContent)}"`, detail: `${Math.round(h)} px tall on a ${vh} px screen` });
      }
      return problems;
    },
    { minChars: opts.minChars ?? 4 },
  );
}

/**
 * Fails, naming each, on sideways scrolling, squeezed text and list rows taller than the screen. `soft`: the test goes
 * on to its other screens and fails at its end (one run names every screen that does not read).
 */
export async function expectReadableLayout(page: Page, screen: string, opts: { minChars?: number; soft?: boolean } = {}): Promise<void> {
  const problems = await layoutProblems(page, opts);
  (opts.soft ? expect.soft : expect)(
    problems.map((p) => `${p.kind}: ${p.what} (${p.detail})`),
    `${screen}: readable at ${page.viewportSize()?.width} px`,
  ).toEqual([]);
}
