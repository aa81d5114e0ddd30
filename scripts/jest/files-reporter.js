// A jest reporter that keeps how long each test file took, under its project (unit, api, api-pg), for the suite's
// report (scripts/test.mjs) and the longest-first order of the next run (sequencer.js). Writes JEST_FILES_REPORT.
const fs = require('node:fs');
const { keyOf } = require('./sequencer');

class FilesReporter {
  constructor() {
    this.files = [];
  }
  onTestResult(test, result) {
    const { start, end } = result.perfStats ?? {};
    this.files.push({
      key: keyOf(test),
      seconds: start && end ? (end - start) / 1000 : 0,
      failed: result.numFailingTests > 0 || !!result.testExecError,
    });
  }
  onRunComplete() {
    const out = process.env.JEST_FILES_REPORT;
    if (out) fs.writeFileSync(out, JSON.stringify(this.files, null, 1));
  }
}

module.exports = FilesReporter;
