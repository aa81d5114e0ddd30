// One Lighthouse run's figures for the bench (scripts/bench.mjs, section "Lighthouse"). A run that failed (no result,
// Lighthouse's runtimeError such as NO_FCP or an error page, no score, a metric missing) throws, so the section fails
// with the reason: it must never pass as a zero or an Infinity that the median of the other runs hides.
const METRICS = {
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  fcp: 'first-contentful-paint',
  cls: 'cumulative-layout-shift',
};

export function lighthouseRun(lhr, what) {
  if (!lhr) throw new Error(`Lighthouse run of ${what} failed: no result`);
  if (lhr.runtimeError) throw new Error(`Lighthouse run of ${what} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message ?? ''}`.trim());
  const score = lhr.categories?.performance?.score;
  const missing = Object.values(METRICS).filter((a) => !Number.isFinite(lhr.audits?.[a]?.numericValue));
  if (typeof score !== 'number' || missing.length)
    throw new Error(
      `Lighthouse run of ${what} failed: ${typeof score !== 'number' ? 'no performance score' : ''}${missing.length ? ` no ${missing.join(', ')}` : ''}`.trim(),
    );
  const run = { score: Math.round(score * 100), benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0) };
  for (const [k, audit] of Object.entries(METRICS)) run[k] = lhr.audits[audit].numericValue;
  return run;
}

/**
 * The CPU slowdown that Lighthouse's own calibration table (docs/throttling.md, "Calibrating the CPU slowdown") gives
 * for emulating a mid-tier mobile on a host of this benchmarkIndex: high-end desktop (>= 1500) 4x, low-end desktop
 * (1000-1500) and high-end mobile (800-1000) 2x, slower 1x. The bench's targets stay on the default 4x; this only adds
 * an informational figure, so that a slow or CPU-stolen host is told apart from a slower page.
 */
export function calibratedCpuMultiplier(benchmarkIndex) {
  if (benchmarkIndex >= 1500) return 4;
  if (benchmarkIndex >= 800) return 2;
  return 1;
}

// Self-check: node scripts/bench/lighthouse-run.mjs (no browser: made-up results).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { strict: assert } = await import('node:assert');
  const audits = (v) => Object.fromEntries(Object.values(METRICS).map((a) => [a, { numericValue: v }]));
  const ok = { categories: { performance: { score: 0.97 } }, audits: audits(100), environment: { benchmarkIndex: 2500.4 } };
  assert.deepEqual(lighthouseRun(ok, 'x'), { score: 97, benchmarkIndex: 2500, lcp: 100, tbt: 100, fcp: 100, cls: 100 });
  assert.throws(() => lighthouseRun(undefined, 'x'), /no result/);
  assert.throws(() => lighthouseRun({ ...ok, runtimeError: { code: 'NO_FCP', message: 'The page did not paint' } }, 'x'), /NO_FCP/);
  assert.throws(() => lighthouseRun({ ...ok, categories: { performance: { score: null } } }, 'x'), /no performance score/);
  assert.throws(() => lighthouseRun({ ...ok, audits: { ...audits(1), 'total-blocking-time': {} } }, 'x'), /no total-blocking-time/);
  assert.equal(calibratedCpuMultiplier(2500), 4);
  assert.equal(calibratedCpuMultiplier(1500), 4);
  assert.equal(calibratedCpuMultiplier(1499), 2);
  assert.equal(calibratedCpuMultiplier(800), 2);
  assert.equal(calibratedCpuMultiplier(799), 1);
  console.log('lighthouse-run: a failed run throws, a good one gives its figures');
}
