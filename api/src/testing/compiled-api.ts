import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The API compiled as `npm start` and production run it (api/build.mjs → api/dist, plain node), for tests that start
 * the server or a CLI as a child process. Compiled, a child starts about twice as fast as under tsx (which compiles
 * every file it loads, and again in each planner worker thread), and it is what ships. Built once per test file,
 * incrementally (nothing to do when api/dist is up to date, as `npm test` leaves it before jest), under a lock file so
 * two jest workers never write api/dist at once.
 */
const REPO = path.resolve(__dirname, '../../..');
export const API_DIST = path.join(REPO, 'api/dist');
let built = false;

export function compiledApi(file: string): string {
  if (!built) {
    const lock = path.join(REPO, 'api', '.build-lock');
    const deadline = Date.now() + 120_000;
    for (;;) {
      try {
        fs.closeSync(fs.openSync(lock, 'wx'));
        break;
      } catch {
        // Another worker builds; a lock older than two minutes was left by a killed run.
        const age = (() => {
          try {
            return Date.now() - fs.statSync(lock).mtimeMs;
          } catch {
            return 0;
          }
        })();
        if (age > 120_000 || Date.now() > deadline) fs.rmSync(lock, { force: true });
        else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      }
    }
    try {
      execFileSync(process.execPath, [path.join(REPO, 'api/build.mjs')], { cwd: REPO, stdio: 'pipe' });
      built = true;
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
  return path.join(API_DIST, file);
}
