import { GraphQLError, Kind, type ASTVisitor, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

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
      if (fields > MAX_FIELDS)
        context.reportError(new GraphQLError(`The query selects more than ${MAX_FIELDS} fields; ask for less at a time.`, { nodes: [node] }));
      const top = roots(node.selectionSet, new Set());
      if (top > MAX_ROOT_FIELDS)
        context.reportError(new GraphQLError(`The query asks for ${top} top-level fields; at most ${MAX_ROOT_FIELDS} are allowed.`, { nodes: [node] }));
    },
  };
}

/**
 * The planner's cost of one planTrip, in units of about one millisecond of routing on the Kochi feed (measured on a
 * busy 2-core machine: a 0-minute search with 3 changes ~2 ms, a 60-minute window ~20 ms, 240 minutes and 5 changes
 * ~120 ms at the median, several times that at the tail). Grows with the window (one RAPTOR run per departure in it)
 * and with the changes allowed (one round each). Used by the request budget below and by the per-client rate limit.
 */
export function plannerCost(windowMinutes: number, maxTransfers: number): number {
  return Math.max(1, Math.ceil(((2 + windowMinutes / 3) * (maxTransfers + 1)) / 4));
}

/** The planner's bounds: a window of at most 240 minutes, at most 5 changes (the schema's defaults: 0 and 3). */
export const PLAN_MAX_WINDOW_MINUTES = 240;
export const PLAN_MAX_TRANSFERS = 5;
/** Planner cost one request may ask for: one search at the bounds (123) fits, two do not. */
export const MAX_PLANNER_COST = 200;

/**
 * A validation rule pricing the expensive fields before anything runs: every planTrip costs plannerCost(window,
 * transfers), read from its literal arguments; an argument given as a variable is priced at its bound (validation
 * runs once per distinct document, before variables are known), a missing one at the schema's default. Aliases (how
 * one request repeats a field) are priced like any other planTrip; the schema has arguments only on root fields, whose
 * number fieldBudgetRule bounds. The real cost, with variables, is charged to the client's rate limit when it runs.
 */
export function costRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const intArg = (field: FieldNode, name: string, fallback: number, bound: number): number => {
    const a = field.arguments?.find((x) => x.name.value === name);
    if (!a) return fallback;
    if (a.value.kind === Kind.INT) return Math.min(bound, Math.max(0, Number(a.value.value)));
    if (a.value.kind === Kind.NULL) return fallback;
    return bound; // a variable: its bound
  };
  const walk = (set: SelectionSetNode | undefined, visiting: Set<string>, acc: { cost: number; plans: number }): void => {
    if (!set) return;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value === 'planTrip') {
          acc.plans++;
          acc.cost += plannerCost(intArg(sel, 'windowMinutes', 0, PLAN_MAX_WINDOW_MINUTES), intArg(sel, 'maxTransfers', 3, PLAN_MAX_TRANSFERS));
        }
        walk(sel.selectionSet, visiting, acc);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) walk(sel.selectionSet, visiting, acc);
      else if (!visiting.has(sel.name.value)) {
        visiting.add(sel.name.value);
        walk(fragments.get(sel.name.value)?.selectionSet, visiting, acc);
        visiting.delete(sel.name.value);
      }
    }
  };
  return {
    OperationDefinition(node) {
      const acc = { cost: 0, plans: 0 };
      walk(node.selectionSet, new Set(), acc);
      if (acc.cost > MAX_PLANNER_COST) {
        context.reportError(
          new GraphQLError(
            `The request asks for ${acc.plans} trip plan${acc.plans === 1 ? '' : 's'} costing ${acc.cost} planner units; at most ${MAX_PLANNER_COST} are allowed per request. Ask for one trip at a time, with a shorter window or fewer changes.`,
            { nodes: [node], extensions: { cost: acc.cost, maxCost: MAX_PLANNER_COST } },
          ),
        );
      }
    },
  };
}
