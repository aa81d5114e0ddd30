// Starting a worker thread from the sources (tsx: development and tests) and from the compiled API (api/dist, plain
// node) alike: the worker's file sits beside the file that starts it, as .ts or .js.
import path from 'node:path';

/**
 * Code for `new Worker(code, { eval: true })` that runs `<entry>` next to `callerFile` (pass `__filename`): the compiled
 * JavaScript when the caller is compiled, else the TypeScript source through tsx.
 */
export function workerSource(callerFile: string, entry: string): string {
  const compiled = callerFile.endsWith('.js');
  const file = path.join(path.dirname(callerFile), `${entry}${compiled ? '.js' : '.ts'}`);
  return compiled
    ? `require(${JSON.stringify(file)});`
    : `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(file)});`;
}
