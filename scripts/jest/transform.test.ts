import vm from 'node:vm';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { withLocalBuiltIns, BUILT_INS } = require('./transform.js') as { withLocalBuiltIns: (code: string) => string; BUILT_INS: string[] };

// jest's transform wraps every module so that its built-ins are local bindings (docs/testing.md "The suite"). The
// wrapped module must behave as the module did: run here the way jest runs one, in a function of jest's wrapper's
// parameters inside a vm context.
function runAsJest(code: string) {
  const context = vm.createContext({});
  const wrapper = vm.runInContext(`(function (module, exports, require) {${withLocalBuiltIns(code)}\n})`, context) as (
    m: { exports: Record<string, unknown> },
    e: Record<string, unknown>,
    r: (id: string) => unknown,
  ) => void;
  const module = { exports: {} as Record<string, unknown> };
  wrapper.call(module.exports, module, module.exports, (id: string) => `required ${id}`);
  return { exports: module.exports, context };
}

describe('built-ins as local bindings', () => {
  it('binds the context’s own built-ins, so a module sees the same Math and Map as a free look-up would', () => {
    const { exports, context } = runAsJest('exports.math = Math; exports.map = Map; exports.same = Math === globalThis.Math;');
    expect(exports.math).toBe(vm.runInContext('Math', context));
    expect(exports.map).toBe(vm.runInContext('Map', context));
    expect(exports.same).toBe(true);
  });
  it('lets a module declare a name of its own that is also a built-in', () => {
    const { exports } = runAsJest("'use strict'; const Map = 'mine'; class Set {} exports.map = Map; exports.set = typeof Set;");
    expect(exports).toEqual({ map: 'mine', set: 'function' });
  });
  it('keeps jest’s this, arguments, require, strict mode and a top-level return', () => {
    const { exports } = runAsJest(
      "'use strict'; exports.thisIsExports = this === exports; exports.args = arguments.length; exports.req = require('x'); exports.strict = (function () { return this === undefined; })(); return; exports.after = 1;",
    );
    expect(exports).toEqual({ thisIsExports: true, args: 3, req: 'required x', strict: true });
  });
  it('drops a hashbang and keeps a source map comment last', () => {
    expect(runAsJest('#!/usr/bin/env node\nexports.ok = true;').exports.ok).toBe(true);
    const wrapped = withLocalBuiltIns('exports.ok = 1;\n//# sourceMappingURL=data:application/json;base64,e30=');
    expect(wrapped.trimEnd().split('\n').pop()).toBe('//# sourceMappingURL=data:application/json;base64,e30=');
  });
  it('leaves out what tests replace while modules are loaded (fake timers, Date) and Promise', () => {
    for (const name of ['Date', 'setTimeout', 'setInterval', 'performance', 'process', 'console', 'Promise', 'queueMicrotask'])
      expect(BUILT_INS).not.toContain(name);
  });
});
