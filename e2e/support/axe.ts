import { expect, type Page } from '@playwright/test';
import path from 'node:path';
import { repoRoot } from './server';

const AXE = path.join(repoRoot, 'node_modules/axe-core/axe.min.js');

/**
 * axe-core on the page as it is: no serious or critical violation. The page's context needs `bypassCSP: true`: axe is
 * injected as an inline script, which the app's CSP (script-src 'self') refuses.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }
    ).axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  expect(violations).toEqual([]);
}
