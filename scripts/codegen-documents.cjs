// graphql-codegen plugin (codegen.ts): each operation of a remote as ONE compact string constant typed by its result
// and variables: `export const CityDocument = "query City(...){...}" as TypedDocument<CityQuery, CityQueryVariables>`.
// Plain string literals (no class, no AST, no whitespace): unused ones are dropped by the bundler, used ones cost only
// their text. The fragments an operation spreads are appended to it, each once. The type names are the ones
// typescript-operations writes beside them (operation names are PascalCase: checked here).
const { Kind, print, stripIgnoredCharacters, visit } = require('graphql');

/** The fragment names a node spreads, directly. */
function spreads(node) {
  const names = new Set();
  visit(node, { FragmentSpread: (s) => void names.add(s.name.value) });
  return names;
}

module.exports = {
  plugin(_schema, documents) {
    const fragments = new Map();
    const operations = [];
    for (const { document } of documents) {
      for (const def of document?.definitions ?? []) {
        if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
        if (def.kind === Kind.OPERATION_DEFINITION) operations.push(def);
      }
    }
    const lines = [
      '/** A query string typed by its answer and variables (the shape @sawari/runtime/src/gql takes): the plain string at run time. */',
      'export type TypedDocument<TResult, TVariables> = string & { readonly __apiType?: (variables: TVariables) => TResult };',
      '',
    ];
    for (const op of [...operations].sort((a, b) => (a.name?.value ?? '').localeCompare(b.name?.value ?? ''))) {
      const name = op.name?.value;
      if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`GraphQL operations need a PascalCase name (found "${name ?? '(anonymous)'}").`);
      // The fragments this operation needs, transitively, in first-use order.
      const needed = [];
      const queue = [...spreads(op)];
      while (queue.length) {
        const f = queue.shift();
        if (needed.includes(f)) continue;
        const def = fragments.get(f);
        if (!def) throw new Error(`Operation ${name} spreads an unknown fragment ${f}.`);
        needed.push(f);
        queue.push(...spreads(def));
      }
      const text = [op, ...needed.map((f) => fragments.get(f))].map((d) => stripIgnoredCharacters(print(d))).join(' ');
      const type = op.operation[0].toUpperCase() + op.operation.slice(1);
      lines.push(`export const ${name}Document = ${JSON.stringify(text)} as TypedDocument<${name}${type}, ${name}${type}Variables>;`);
    }
    return lines.join('\n') + '\n';
  },
};
