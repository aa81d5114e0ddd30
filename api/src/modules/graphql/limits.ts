import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

/** Most fields one request may select (fragments counted where spread) and most top-level fields (aliases included). */
export const MAX_FIELDS = 400;
export const MAX_ROOT_FIELDS = 10;

/**
 * A validation rule bounding the work of one query: depth is bounded by mercurius (queryDepth); this counts fields,
 * so `{ a: stop(..) b: stop(..) ... }` or fragment fan-out cannot ask for thousands of resolver calls.
 */
export function fieldBudgetRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const memo = new Map<string, number>();

  const count = (set: SelectionSetNode | undefined, visiting: Set<string>): number => {
    if (!set) return 0;
    let n = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) n += 1 + count(sel.selectionSet, visiting);
      else if (sel.kind === Kind.INLINE_FRAGMENT) n += count(sel.selectionSet, visiting);
      else {
        const name = sel.name.value;
        if (visiting.has(name)) continue; // a cycle: reported by graphql's own NoFragmentCycles rule
        let c = memo.get(name);
        if (c === undefined) {
          visiting.add(name);
          c = count(fragments.get(name)?.selectionSet, visiting);
          visiting.delete(name);
          memo.set(name, c);
        }
        n += c;
      }
      if (n > MAX_FIELDS) return n;
    }
    return n;
  };
  const roots = (set: SelectionSetNode, visiting: Set<string>): number => {
    let n = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) n += 1;
      else if (sel.kind === Kind.INLINE_FRAGMENT) n += roots(sel.selectionSet, visiting);
      else if (!visiting.has(sel.name.value) && fragments.has(sel.name.value)) {
        visiting.add(sel.name.value);
        n += roots(fragments.get(sel.name.value)!.selectionSet, visiting);
      }
    }
    return n;
  };

  return {
    OperationDefinition(node) {
      const fields = count(node.selectionSet, new Set());
      if (fields > MAX_FIELDS) context.reportError(new GraphQLError(`The query selects more than ${MAX_FIELDS} fields; ask for less at a time.`, { nodes: [node] }));
      const top = roots(node.selectionSet, new Set());
      if (top > MAX_ROOT_FIELDS) context.reportError(new GraphQLError(`The query asks for ${top} top-level fields; at most ${MAX_ROOT_FIELDS} are allowed.`, { nodes: [node] }));
    },
  };
}
