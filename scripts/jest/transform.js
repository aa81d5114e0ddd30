// jest's transform for every module a test loads (jest.config.js): TypeScript and the ES-module-only packages compiled by
// @swc/jest, as before, and then EVERY module (node_modules too) wrapped so that the built-ins it uses are local
// bindings instead of look-ups on jest's sandbox global (docs/testing.md "The suite": "Built-ins as local bindings").
//
// Why: jest runs each test file in a node:vm context, and a free name such as `Math` or `Uint8Array` is looked up on
// that context's global through an interceptor, many times slower than a variable. jsQR decoded a 640 × 480 frame in
// 2.9 s under jest against 0.40 s in Node, and 0.46 s under jest with its built-ins passed in as parameters.
//
// Kept out on purpose: what a test may replace while modules are loaded (Date, timers, performance, process, console:
// jest's fake timers swap them on the global), Promise, and anything a setup file polyfills (TextEncoder).
const crypto = require('node:crypto');
const { createTransformer } = require('@swc/jest');

const BUILT_INS = [
  'Math',
  'Object',
  'Array',
  'Number',
  'String',
  'Boolean',
  'Symbol',
  'JSON',
  'Reflect',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'ArrayBuffer',
  'DataView',
  'Uint8Array',
  'Uint8ClampedArray',
  'Uint16Array',
  'Uint32Array',
  'Int8Array',
  'Int16Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'BigInt',
  'BigInt64Array',
  'BigUint64Array',
  'RegExp',
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
];
const VERSION = 'sawari-built-ins-1';
const names = BUILT_INS.join(',');
// The module's own code runs in an inner function of its own, so its declarations (a `const Map = …`) shadow the
// parameters instead of clashing with them, and it sees jest's module wrapper's `this` and `arguments` as before.
const HEAD = `var __sawariModuleArguments = arguments; (function (${names}) { return (function () {`;
const TAIL = `\n}).apply(this, __sawariModuleArguments); }).call(this, ${names});\n`;
const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\s*$/;

/** `code` with its built-ins as local bindings; a source map comment stays last, a hashbang is dropped. */
function withLocalBuiltIns(code) {
  const body = code.startsWith('#!') ? `//${code.slice(2)}` : code;
  const comment = body.match(SOURCE_MAP_COMMENT);
  if (!comment) return HEAD + body + TAIL;
  return HEAD + body.slice(0, comment.index) + TAIL + body.slice(comment.index + 1);
}

/**
 * @param {{ compile: string, swc: object }} options `compile`: a regular expression's source (options reach jest's
 * workers as JSON) matching the files @swc/jest compiles; every other file is only wrapped.
 */
function createBuiltInsTransformer({ compile, swc: swcOptions }) {
  const swc = createTransformer(swcOptions);
  const compilePattern = new RegExp(compile);
  const compiles = (filename) => compilePattern.test(filename.split(require('node:path').sep).join('/'));
  return {
    process(src, filename, options) {
      if (!compiles(filename)) return { code: withLocalBuiltIns(src) };
      const out = swc.process(src, filename, options);
      return { ...out, code: withLocalBuiltIns(out.code) };
    },
    getCacheKey(src, filename, options) {
      const base = compiles(filename)
        ? swc.getCacheKey(src, filename, options)
        : crypto.createHash('sha1').update(src).update('\0').update(filename).digest('hex');
      return crypto.createHash('sha1').update(base).update('\0').update(VERSION).digest('hex');
    },
  };
}

module.exports = { createTransformer: createBuiltInsTransformer, withLocalBuiltIns, BUILT_INS };
