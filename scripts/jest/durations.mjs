#!/usr/bin/env node
// Writes scripts/jest/durations.json from the last `npm test` report (test-results/summary/report.json): how long each
// jest file took, per project, which the longest-first order (sequencer.js) uses on a machine that has no report of its
// own yet (a fresh clone, CI). Refresh it when the suite's shape changed; commit the result.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const report = JSON.parse(readFileSync(path.join(here, '..', '..', 'test-results', 'summary', 'report.json'), 'utf8'));
const durations = Object.fromEntries(
  report.files
    .filter((f) => f.runner === 'jest' && f.key)
    .sort((a, b) => b.seconds - a.seconds)
    .map((f) => [f.key, Math.round(f.seconds * 10) / 10]),
);
writeFileSync(path.join(here, 'durations.json'), `${JSON.stringify(durations, null, 1)}\n`);
console.log(`scripts/jest/durations.json: ${Object.keys(durations).length} files`);
