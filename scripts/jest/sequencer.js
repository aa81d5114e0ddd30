// The order jest runs test files in: the longest first, so the two workers finish together instead of one core idling
// behind a long file started last (docs/testing.md "The suite"). How long a file takes comes from the last run's
// report on this machine (test-results/summary/previous.json or report.json, written by scripts/test.mjs), else from the
// durations committed beside this file (refreshed with `node scripts/jest/durations.mjs`); a file in neither is put
// by its size, as jest does. A file that failed last time on this machine still goes first (jest's own rule).
const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const root = path.resolve(__dirname, '..', '..');

/** project:relative path → seconds. */
function knownDurations() {
  const durations = new Map();
  const committed = path.join(__dirname, 'durations.json');
  if (fs.existsSync(committed)) for (const [k, v] of Object.entries(JSON.parse(fs.readFileSync(committed, 'utf8')))) durations.set(k, v);
  for (const name of ['previous.json', 'report.json']) {
    const file = path.join(root, 'test-results', 'summary', name);
    if (!fs.existsSync(file)) continue;
    try {
      for (const f of JSON.parse(fs.readFileSync(file, 'utf8')).files ?? []) if (f.runner === 'jest' && f.key) durations.set(f.key, f.seconds);
    } catch {
      /* a report from an older script: ignored */
    }
  }
  return durations;
}

/** The key a file's duration is kept under: its project and its path from the repository's root. */
const keyOf = (test) => `${test.context.config.displayName?.name ?? ''}:${path.relative(root, test.path)}`;

class LongestFirst extends Sequencer {
  sort(tests) {
    const durations = knownDurations();
    const size = (t) => {
      try {
        return fs.statSync(t.path).size;
      } catch {
        return 0;
      }
    };
    // A file never measured is guessed from its size (about 1 s per 4 KB, what this suite's files take on average).
    const estimate = (t) => durations.get(keyOf(t)) ?? size(t) / 4096;
    const failed = (t) => {
      const cached = this._getCache(t)[t.path];
      return cached && cached[0] === 0 ? 1 : 0;
    };
    return [...tests].sort((a, b) => failed(b) - failed(a) || estimate(b) - estimate(a));
  }
}

module.exports = LongestFirst;
module.exports.keyOf = keyOf;
