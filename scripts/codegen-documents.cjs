// graphql-codegen plugin (codegen.ts): each operation of a remote as ONE compact string constant typed by its result
// and variables: `export const CityDocument = "query City(...){...}" as TypedDocument<CityQuery, CityQueryVariables>`.
// Plain string literals (no class, no AST, no whitespace), with the fragments it spreads expanded in place (fields
// deduplicated), so a bundle carries and a request sends no more text than a hand-written query: fragments are for
// naming the types the screens share (typescript-operations writes `XFragment` types from them), not for the wire.
// The type names are the ones typescript-operations writes beside them (operation names are PascalCase: checked here).
const { Kind, getNamedType, isObjectType, isInterfaceType, print, stripIgnoredCharacters } = require('graphql');

module.exports = {
  plugin(schema, documents) {
    const fragments = new Map();
    const operations = [];
    for (const { document } of documents) {
      for (const def of document?.definitions ?? []) {
        if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
        if (def.kind === Kind.OPERATION_DEFINITION) operations.push(def);
      }
    }

    /** The named type of field `name` on type `typeName` (null when the schema is not at hand or has no such field). */
    const fieldType = (typeName, name) => {
      const type = typeName && schema?.getType?.(typeName);
      const field = type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields()[name] : null;
      return field ? getNamedType(field.type).name : null;
    };

    /** A selection set with every fragment spread replaced by the fragment's own selections (same type) or an inline fragment. */
    const expand = (set, typeName, seen) => {
      const out = [];
      const keys = new Set();
      const add = (sel) => {
        const key = print(sel);
        if (!keys.has(key)) {
          keys.add(key);
          out.push(sel);
        }
      };
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          add(sel.selectionSet ? { ...sel, selectionSet: expand(sel.selectionSet, fieldType(typeName, sel.name.value), seen) } : sel);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          const on = sel.typeCondition?.name.value ?? typeName;
          add({ ...sel, selectionSet: expand(sel.selectionSet, on, seen) });
        } else {
          const name = sel.name.value;
          const def = fragments.get(name);
          if (!def) throw new Error(`An operation spreads an unknown fragment ${name}.`);
          if (seen.includes(name)) throw new Error(`Fragment ${name} spreads itself.`);
          const on = def.typeCondition.name.value;
          const inner = expand(def.selectionSet, on, [...seen, name]);
          if (on === typeName && !sel.directives?.length) inner.selections.forEach(add);
          else add({ kind: Kind.INLINE_FRAGMENT, typeCondition: def.typeCondition, directives: sel.directives, selectionSet: inner });
        }
      }
      return { ...set, selections: out };
    };

    const lines = [
      '/** A query string typed by its answer and variables (the shape @sawari/runtime/src/gql takes): the plain string at run time. */',
      'export type TypedDocument<TResult, TVariables> = string & { readonly __apiType?: (variables: TVariables) => TResult };',
      '',
    ];
    for (const op of [...operations].sort((a, b) => (a.name?.value ?? '').localeCompare(b.name?.value ?? ''))) {
      const name = op.name?.value;
      if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`GraphQL operations need a PascalCase name (found "${name ?? '(anonymous)'}").`);
      const root = { query: schema?.getQueryType?.(), mutation: schema?.getMutationType?.(), subscription: schema?.getSubscriptionType?.() }[op.operation];
      const text = stripIgnoredCharacters(print({ ...op, selectionSet: expand(op.selectionSet, root?.name ?? null, []) }));
      const type = op.operation[0].toUpperCase() + op.operation.slice(1);
      lines.push(`export const ${name}Document = ${JSON.stringify(text)} as TypedDocument<${name}${type}, ${name}${type}Variables>;`);
    }
    return lines.join('\n') + '\n';
  },
};
