// Bounds on the shape of a client's GraphQL document, checked before GraphQL validates it (and
// again before an operation runs): tokens, fragments, fields with fragments expanded, depth, and
// how often one field is selected in one merged selection. Each check is linear in the document
// (fragments are measured once, walks count against a budget and stop at the first bound
// crossed), so a kilobyte of fragments spreading fragments twice, which expands to 2^30 fields,
// is refused in microseconds. The bounds also keep graphql-js's own validation fast:
// OverlappingFieldsCanBeMerged compares every pair of fields sharing a response key, and every
// pair of fragments spread in one selection, so it is quadratic in both (measured:
// 1,500 selections of one field took 2 s to validate, 1,500 fragments 1.8 s).
import { AppError } from '../errors.js';
import { MAX_INTROSPECTION_ALIASES } from './graphql-introspection.js';
import { Kind, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/** Tokens in one document: the cheapest bound, checked while it is parsed (graphql-js's maxTokens). */
export const MAX_QUERY_TOKENS = 20_000;
/**
 * Operations in one document, or in all the documents of a batch: each is validated whichever one
 * runs (a document of 3,900 operations was validated whole to run one).
 */
export const MAX_OPERATIONS = 100;
/** Fragment definitions in one document. */
export const MAX_FRAGMENTS = 100;
/** Fragments spread inside fragments, one inside the other: real clients nest a few. */
export const MAX_FRAGMENT_NESTING = 20;
/** Fields in one operation, fragments expanded (graphql-query-complexity's own bound, made a 400). */
export const MAX_QUERY_NODES = 10_000;
/** Fields in the whole document (all its operations, and fragments no operation spreads), expanded. */
export const MAX_DOCUMENT_NODES = 2 * MAX_QUERY_NODES;
/** How often one field may appear in one selection under different response keys (aliases). */
export const MAX_FIELD_REPEAT = 20;
/**
 * Fields of one response key in one selection, as execution merges them (fragments expanded, the
 * sub-selections of same-key fields merged): `{ id ...A ...B }` with `id` in A and B selects it 3 times.
 */
export const MAX_FIELD_MERGES = 25;

export const limitError = (message: string, details: Record<string, unknown>): AppError =>
  new AppError('VALIDATION_FAILED', message, details);

const nodesError = (max: number, what: string) =>
  limitError(`${what} has more than ${max} fields, fragments expanded`, { limit: 'nodes', max });

export const repeatError = (repeat: { field: string; count: number }): AppError =>
  limitError(`The field ${repeat.field} appears ${repeat.count} times in one selection; at most ${MAX_FIELD_REPEAT}`, {
    limit: 'field_repeat',
    field: repeat.field,
    value: repeat.count,
    max: MAX_FIELD_REPEAT,
  });

export const fragmentsOf = (document: DocumentNode): Map<string, FragmentDefinitionNode> => {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  return fragments;
};

interface Size {
  nodes: number;
  depth: number;
}
const isIntrospectionType = (name: string | undefined): boolean => name?.startsWith('__') ?? false;
const NOTHING: Size = { nodes: 0, depth: 0 };

/**
 * Every operation's and fragment's size, fragments expanded where they are spread: nodes (fields,
 * spreads and inline fragments, as graphql-query-complexity counts them) and depth (fields inside
 * fields; introspection's `__` fields do not count). Each fragment is measured once and its size
 * reused wherever it is spread: a fragment spreading another twice, thirty levels down, is 2^30
 * nodes measured in 31 steps. A fragment inside itself (a cycle, which validation refuses) counts
 * nothing. Returns the selection sets worth walking as execution merges them (the operations and
 * the fragments no other definition spreads) and the fragments that close a cycle.
 */
function measure(
  document: DocumentNode,
  fragments: Map<string, FragmentDefinitionNode>,
  maxDepth: number,
): { roots: SelectionSetNode[]; cyclic: Set<string> } {
  const measured = new Map<string, Size | 'measuring'>();
  const spread = new Set<string>();
  const cyclic = new Set<string>();
  let nesting = 0;
  // Introspection (`__schema`, `__type` and fragments on `__` types) is deep by nature and cheap: its
  // fields count as nodes, not as depth, as graphql-query-complexity charges them nothing.
  const ofSet = (set: SelectionSetNode, meta: boolean): Size => {
    let nodes = 0;
    let depth = 0;
    for (const s of set.selections) {
      let inner: Size;
      if (s.kind === Kind.FIELD) {
        const fieldMeta = meta || s.name.value.startsWith('__');
        inner = s.selectionSet ? ofSet(s.selectionSet, fieldMeta) : NOTHING;
        if (!fieldMeta) depth = Math.max(depth, 1 + inner.depth);
      } else {
        inner =
          s.kind === Kind.INLINE_FRAGMENT
            ? ofSet(s.selectionSet, meta || isIntrospectionType(s.typeCondition?.name.value))
            : ofFragment(s.name.value, meta);
        depth = Math.max(depth, inner.depth);
      }
      nodes += 1 + inner.nodes;
      if (nodes > MAX_QUERY_NODES) throw nodesError(MAX_QUERY_NODES, 'The operation');
      if (depth > maxDepth)
        throw limitError(`Query depth exceeds the limit of ${maxDepth}`, { limit: 'depth', max: maxDepth });
    }
    return { nodes, depth };
  };
  const keyOf = (name: string, meta: boolean): string =>
    meta || isIntrospectionType(fragments.get(name)?.typeCondition.name.value) ? `__:${name}` : name;
  const ofFragment = (name: string, meta: boolean): Size => {
    spread.add(name);
    const key = keyOf(name, meta);
    const known = measured.get(key);
    if (known === 'measuring') cyclic.add(name);
    if (known) return known === 'measuring' ? NOTHING : known;
    const fragment = fragments.get(name);
    if (!fragment) return NOTHING;
    if (++nesting > MAX_FRAGMENT_NESTING)
      throw limitError(`Fragments are nested more than ${MAX_FRAGMENT_NESTING} deep`, {
        limit: 'fragment_nesting',
        max: MAX_FRAGMENT_NESTING,
      });
    measured.set(key, 'measuring');
    const size = ofSet(fragment.selectionSet, key !== name);
    measured.set(key, size);
    nesting--;
    return size;
  };
  let total = 0;
  const roots: SelectionSetNode[] = [];
  for (const d of document.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION) {
      total += ofSet(d.selectionSet, false).nodes;
      roots.push(d.selectionSet);
    } else if (d.kind === Kind.FRAGMENT_DEFINITION) ofFragment(d.name.value, false);
    if (total > MAX_DOCUMENT_NODES) throw nodesError(MAX_DOCUMENT_NODES, 'The document');
  }
  for (const [name, fragment] of fragments) {
    if (spread.has(name)) continue;
    total += (measured.get(keyOf(name, false)) as Size).nodes;
    roots.push(fragment.selectionSet);
    if (total > MAX_DOCUMENT_NODES) throw nodesError(MAX_DOCUMENT_NODES, 'The document');
  }
  return { roots, cyclic };
}

/**
 * Walks a selection as execution merges it (fragments and inline fragments expanded into it, each
 * fragment once; the sub-selections of fields of one response key merged) and refuses a field
 * repeated under more than MAX_FIELD_REPEAT aliases, or selected more than MAX_FIELD_MERGES times
 * under one response key. Spreads of the fragments that close a cycle are left out (validation
 * refuses them), so the walk ends; it visits each field of the expansion at most once, and
 * measure() bounded those.
 */
function checkMerged(
  { roots, cyclic }: { roots: SelectionSetNode[]; cyclic: Set<string> },
  fragments: Map<string, FragmentDefinitionNode>,
): void {
  let steps = 0;
  const visit = (sets: readonly SelectionSetNode[]): void => {
    const byKey = new Map<string, FieldNode[]>();
    const aliases = new Map<string, Set<string>>();
    const spread = new Set<string>();
    const collect = (set: SelectionSetNode): void => {
      for (const s of set.selections) {
        if (++steps > MAX_DOCUMENT_NODES) throw nodesError(MAX_DOCUMENT_NODES, 'The document');
        if (s.kind === Kind.FIELD) {
          const key = s.alias?.value ?? s.name.value;
          const same = byKey.get(key) ?? [];
          byKey.set(key, same);
          if (same.push(s) > MAX_FIELD_MERGES) {
            throw limitError(
              `The field ${key} is selected ${same.length} times in one selection; at most ${MAX_FIELD_MERGES}`,
              { limit: 'field_merges', field: key, max: MAX_FIELD_MERGES },
            );
          }
          const keys = aliases.get(s.name.value) ?? new Set<string>();
          aliases.set(s.name.value, keys.add(key));
          if (keys.size > MAX_FIELD_REPEAT) throw repeatError({ field: s.name.value, count: keys.size });
          if (keys.size > MAX_INTROSPECTION_ALIASES && (s.name.value === '__schema' || s.name.value === '__type'))
            throw limitError(
              `The field ${s.name.value} appears ${keys.size} times in one selection; at most ${MAX_INTROSPECTION_ALIASES}`,
              { limit: 'field_repeat', field: s.name.value, value: keys.size, max: MAX_INTROSPECTION_ALIASES },
            );
        } else if (s.kind === Kind.INLINE_FRAGMENT) collect(s.selectionSet);
        else {
          const fragment = fragments.get(s.name.value);
          if (!fragment || spread.has(s.name.value) || cyclic.has(s.name.value)) continue;
          spread.add(s.name.value);
          collect(fragment.selectionSet);
        }
      }
    };
    for (const set of sets) collect(set);
    for (const same of byKey.values()) {
      const inner = same.flatMap((field) => (field.selectionSet ? [field.selectionSet] : []));
      if (inner.length) visit(inner);
    }
  };
  for (const root of roots) visit([root]);
}

/**
 * The first bound a parsed document crosses, cheapest first, or null: fragments, then fields and
 * depth (every operation and fragment: GraphQL validates them all), then repeated fields.
 */
export function documentBoundsError(document: DocumentNode, maxDepth: number): AppError | null {
  try {
    const fragments = fragmentsOf(document);
    if (fragments.size > MAX_FRAGMENTS)
      return limitError(`The document defines ${fragments.size} fragments; at most ${MAX_FRAGMENTS}`, {
        limit: 'fragments',
        value: fragments.size,
        max: MAX_FRAGMENTS,
      });
    checkMerged(measure(document, fragments, maxDepth), fragments);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}
