// Limits on client-written GraphQL operations (the REST documents are ours and trusted): depth,
// complexity (heavy fields at their real cost), nodes, and how often one field may repeat in a
// selection (aliases). All are checked before anything executes; an operation over a limit, or
// whose variables do not fit it, is a 400 VALIDATION_FAILED naming the limit or the variable.
import {
  getNamedType, getNullableType, GraphQLError, isLeafType, isListType, isObjectType, Kind, parse, validate, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema,
  type OperationDefinitionNode, type SelectionSetNode,
} from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import { LRUCache } from 'lru-cache';
import { AppError } from './errors.js';
import { DEFAULT_LIMIT } from './modules/shared/pagination.js';

export function queryDepth(document: DocumentNode, operationName?: string | null): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const depthOf = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
    let max = 0;
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) {
        if (s.name.value.startsWith('__')) continue;
        max = Math.max(max, s.selectionSet ? 1 + depthOf(s.selectionSet, seen) : 1);
      } else if (s.kind === Kind.INLINE_FRAGMENT) max = Math.max(max, depthOf(s.selectionSet, seen));
      else if (!seen.has(s.name.value)) {
        max = Math.max(max, depthOf(fragments.get(s.name.value)?.selectionSet, new Set([...seen, s.name.value])));
      }
    }
    return max;
  };
  let deepest = 0;
  for (const d of document.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName)) {
      deepest = Math.max(deepest, depthOf(d.selectionSet, new Set()));
    }
  }
  return deepest;
}

/**
 * Fields that do much more than read a row, at what one occurrence costs (an object costs 1;
 * GRAPHQL_MAX_COMPLEXITY is 5,000 by default). A sitemap is up to 50,000 URLs (MBs); OCR is
 * seconds of CPU; an analysis parses and matches a whole list and stores it; similarity scans the
 * index; statistics aggregate a table. test/protections.test.ts checks each still exists.
 */
export const FIELD_COSTS: Readonly<Record<string, number>> = {
  'Query.productSitemap': 1000,
  'Query.ingredientSitemap': 1000,
  'Query.comparisonSitemap': 1000,
  'Query.routineSitemap': 1000,
  'Mutation.extractLabel': 1000,
  'Mutation.analyzeIngredientList': 100,
  'Query.ingredientEffects': 100,
  'Query.classifyProductDraft': 100,
  'Query.compare': 100,
  'Query.sharedComparison': 50,
  'Query.similarProducts': 300,
  'Query.analysisSimilarProducts': 300,
  'Query.analysisCategorize': 50,
  'Query.searchProducts': 50,
  'Query.createdPerDay': 200,
  'Query.facets': 50,
  'Query.productEffects': 20,
  'Query.productRoutineCandidates': 20,
  'Query.routineCompatibility': 20,
  'Query.routineAnalysisFit': 20,
  'Query.routineDetailedSummary': 20,
  'Query.mostLikedRoutineLeaderboard': 50,
  'Query.productTopRoutines': 50,
  'Query.productTopUsers': 50,
  'Query.bestInCategory': 50,
  'Query.followingIngredientFeelings': 50,
  'Query.myProductCompatibility': 20,
  'Query.analysisPersonalize': 20,
  // Reformulation watch (issue 18): each diff reads two lists (parser, matcher, dose estimate).
  'Query.productIngredientListDiff': 20,
  'Query.productIngredientListVersions': 20,
  'ReformulationAlertView.diff': 10,
  // A person's data export reads every table that holds a user id (issue 25, item 12).
  'Query.myExport': 1000,
};

/** How often one field may appear in one selection (under aliases, through fragments). */
export const MAX_FIELD_REPEAT = 20;
/** Fields in one operation, fragments expanded (graphql-query-complexity's own bound, made a 400). */
export const MAX_QUERY_NODES = 10_000;
/** Bytes of one POST /graphql answer: a larger one is refused (ask for less per request). */
export const MAX_GRAPHQL_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * Lists sized by their parent field's `limit` though their type is no page (no `nextCursor`): the
 * limit already multiplies at the parent, as for a page's `items`.
 */
const LIMITED_LISTS: ReadonlySet<string> = new Set(['ReactionSuspects.suspects', 'BetterAlternatives.items']);

/** Items a list without paging arguments (a product's ingredients, say) is assumed to hold. */
const UNPAGED_LIST_SIZE = 10;

/** Introspection (GraphiQL's schema query) is not the client's data: it costs nothing. */
const introspectionEstimator: ComplexityEstimator = ({ type, field }) =>
  type.name.startsWith('__') || field.name.startsWith('__') ? 0 : undefined;

/**
 * What an operation costs is the objects it makes the server produce, not the scalar fields it
 * reads off them: a scalar comes with its row (or is computed from it) and costs nothing, an
 * object costs 1 plus what is selected in it, a list its size times one item. A paged field
 * (`limit`/`cursor` arguments) returns a page whose `items` hold `limit` objects: the page size
 * multiplies once, at the paged field, and `items` itself is not counted as an unpaged list again
 * (it was, so a 20-product page cost ten times too much and GraphQL could not ask for the pages
 * REST serves). Heavy fields (FIELD_COSTS) add their own cost on top.
 */
const costEstimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  const own = FIELD_COSTS[`${type.name}.${field.name}`] ?? 0;
  if (isLeafType(getNamedType(field.type))) return own;
  if ('limit' in args || 'cursor' in args) {
    const limit = typeof args.limit === 'number' ? args.limit : DEFAULT_LIMIT;
    return own + 1 + childComplexity * Math.max(1, limit);
  }
  const pageItems = (field.name === 'items' && isObjectType(type) && 'nextCursor' in type.getFields()) || LIMITED_LISTS.has(`${type.name}.${field.name}`);
  if (isListType(getNullableType(field.type)) && !pageItems) return own + 1 + childComplexity * UNPAGED_LIST_SIZE;
  return own + 1 + childComplexity;
};

/**
 * The most times one field (by name) appears in one selection set under different response keys
 * (aliases), fragments and inline fragments merged into the selection they are spread in (fields
 * of one response key are merged by GraphQL and run once).
 */
export function maxFieldRepeat(document: DocumentNode, operation: OperationDefinitionNode): { field: string; count: number } {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  let worst = { field: '', count: 0 };
  let visitedSets = 0;
  const walk = (set: SelectionSetNode, trail: ReadonlySet<string>): void => {
    // Bounded: nested fragments could otherwise make this exponential before any limit applies.
    if (++visitedSets > MAX_QUERY_NODES) return;
    const keys = new Map<string, Set<string>>();
    const spread = new Set<string>();
    const collect = (s: SelectionSetNode): void => {
      for (const selection of s.selections) {
        if (selection.kind === Kind.FIELD) {
          const name = selection.name.value;
          const responseKeys = keys.get(name) ?? new Set<string>();
          keys.set(name, responseKeys.add(selection.alias?.value ?? name));
          if (responseKeys.size > worst.count) worst = { field: name, count: responseKeys.size };
          if (selection.selectionSet) walk(selection.selectionSet, trail);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet);
        else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          if (!fragment || spread.has(name) || trail.has(name)) continue;
          spread.add(name);
          const before = trail;
          trail = new Set([...trail, name]);
          collect(fragment.selectionSet);
          trail = before;
        }
      }
    };
    collect(set);
  };
  walk(operation.selectionSet, new Set());
  return worst;
}

const limitError = (message: string, details: Record<string, unknown>) => new AppError('VALIDATION_FAILED', message, details);
const repeatError = (repeat: { field: string; count: number }) =>
  limitError(`The field ${repeat.field} appears ${repeat.count} times in one selection; at most ${MAX_FIELD_REPEAT}`, { limit: 'field_repeat', field: repeat.field, value: repeat.count, max: MAX_FIELD_REPEAT });

export function checkQueryLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
  limits: { maxDepth: number; maxComplexity: number },
): void {
  const operation = document.definitions.find((d): d is OperationDefinitionNode =>
    d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName));
  if (!operation) {
    throw new AppError('VALIDATION_FAILED', operationName ? `No operation named "${operationName}" in the document` : 'The document holds no operation', { field: 'operationName' });
  }
  const depth = queryDepth(document, operationName);
  if (depth > limits.maxDepth) throw limitError(`Query depth ${depth} exceeds the limit of ${limits.maxDepth}`, { limit: 'depth', value: depth, max: limits.maxDepth });
  const repeat = maxFieldRepeat(document, operation);
  if (repeat.count > MAX_FIELD_REPEAT) throw repeatError(repeat);
  let complexity: number;
  try {
    complexity = getComplexity({
      schema, query: document, operationName: operationName ?? undefined, variables, maxQueryNodes: MAX_QUERY_NODES,
      estimators: [introspectionEstimator, costEstimator],
    });
  } catch (error) {
    // Variables that do not fit the operation (missing, wrong type) and the node bound: the client's.
    if (!(error instanceof GraphQLError) || error instanceof AppError) throw error;
    if (/maximum allowed number of nodes/.test(error.message)) {
      throw limitError(`The operation has more than ${MAX_QUERY_NODES} fields`, { limit: 'nodes', max: MAX_QUERY_NODES });
    }
    const variable = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)"/.exec(error.message)?.[1];
    throw new AppError('VALIDATION_FAILED', error.message, variable ? { field: variable } : undefined);
  }
  if (complexity > limits.maxComplexity) {
    throw limitError(`Query complexity ${complexity} exceeds the limit of ${limits.maxComplexity}`, { limit: 'complexity', value: complexity, max: limits.maxComplexity });
  }
}

/**
 * How many times each root field runs in the operation a request names: its distinct response
 * keys (aliases), fragments and inline fragments expanded. Null when the document names no such
 * operation (GraphQL answers that).
 */
export function rootFieldCounts(document: DocumentNode, operationName: string | null | undefined): Map<string, number> | null {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!operation) return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const keys = new Map<string, Set<string>>();
  let steps = 0;
  const collect = (set: SelectionSetNode, trail: ReadonlySet<string>): void => {
    for (const selection of set.selections) {
      // Past this the operation is refused for its size before it runs (checkQueryLimits).
      if (++steps > MAX_QUERY_NODES) return;
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        keys.set(name, (keys.get(name) ?? new Set<string>()).add(selection.alias?.value ?? name));
      }
      else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet, trail);
      else {
        const fragment = fragments.get(selection.name.value);
        if (fragment && !trail.has(selection.name.value)) collect(fragment.selectionSet, new Set([...trail, selection.name.value]));
      }
    }
  };
  collect(operation.selectionSet, new Set());
  return new Map([...keys].map(([name, responseKeys]) => [name, responseKeys.size]));
}

/** Documents parsed by the inspection, by their text: clients send the same few again and again. */
const parsed = new LRUCache<string, DocumentNode | false>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (_value, query) => query.length + 1 });

function parsedOnce(query: string): DocumentNode | null {
  let document = parsed.get(query);
  if (document === undefined) {
    try {
      document = parse(query);
    } catch {
      document = false;
    }
    parsed.set(query, document);
  }
  return document || null;
}

interface Shape { repeat: { field: string; count: number }; fields: Map<string, number> | null; valid: () => boolean }
/** What the inspection reads off an operation, once per parsed operation (validation only when needed). */
const shapes = new WeakMap<OperationDefinitionNode, Shape>();

function shapeOf(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, name: string | null): Shape {
  let shape = shapes.get(operation);
  if (!shape) {
    let valid: boolean | undefined;
    shape = { repeat: maxFieldRepeat(document, operation), fields: rootFieldCounts(document, name), valid: () => (valid ??= validate(schema, document).length === 0) };
    shapes.set(operation, shape);
  }
  return shape;
}

/** Outcomes of checkQueryLimits per document (Apollo's stored one) and small variables. */
const checked = new WeakMap<DocumentNode, LRUCache<string, { error: unknown }>>();

/** checkQueryLimits, its outcome remembered for a document and its variables (the same page asked again). */
export function checkQueryLimitsOnce(
  schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined, variables: Record<string, unknown>,
  limits: { maxDepth: number; maxComplexity: number },
): void {
  const key = `${operationName ?? ''}\u0000${JSON.stringify(variables)}`;
  // Long variables (an ingredient list) are not worth a key.
  if (key.length > 500) return checkQueryLimits(schema, document, operationName, variables, limits);
  let outcomes = checked.get(document);
  if (!outcomes) checked.set(document, outcomes = new LRUCache({ max: 64 }));
  let outcome = outcomes.get(key);
  if (!outcome) {
    try {
      checkQueryLimits(schema, document, operationName, variables, limits);
      outcome = { error: null };
    } catch (error) {
      outcome = { error };
    }
    outcomes.set(key, outcome);
  }
  if (outcome.error) throw outcome.error;
}

/**
 * A GraphQL request (one operation or a batch; a POST body or GET's query string) looked at
 * before GraphQL parses and validates it: an operation with a field repeated over the cap is
 * refused here, at the cost of a parse (validating thousands of aliases alone takes a while).
 * Then, for the rate limits, how many occurrences of root fields of each class would run.
 * Operations that do not parse, do not validate or break a limit count nothing: GraphQL refuses
 * them and nothing runs.
 */
export function inspectGraphqlRequest<C extends string>(
  schema: GraphQLSchema,
  payload: unknown,
  fieldClasses: ReadonlyMap<string, C>,
  limits: { maxDepth: number; maxComplexity: number },
): { refused: AppError | null; counts: Map<C, number> } {
  const counts = new Map<C, number>();
  for (const request of Array.isArray(payload) ? payload : [payload]) {
    const { query, operationName, variables } = (request ?? {}) as { query?: unknown; operationName?: unknown; variables?: unknown };
    if (typeof query !== 'string') continue;
    const document = parsedOnce(query);
    if (!document) continue;
    const name = typeof operationName === 'string' ? operationName : null;
    const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    const operation = name ? operations.find((o) => o.name?.value === name) : operations.length === 1 ? operations[0] : undefined;
    if (!operation) continue;
    const shape = shapeOf(schema, document, operation, name);
    if (shape.repeat.count > MAX_FIELD_REPEAT) return { refused: repeatError(shape.repeat), counts };
    const limited = [...(shape.fields ?? [])].filter(([field]) => fieldClasses.has(field));
    if (!limited.length || !shape.valid()) continue;
    try {
      // GET sends the variables as JSON text; GraphQL refuses what does not parse.
      const values: unknown = typeof variables === 'string' ? JSON.parse(variables) : variables;
      checkQueryLimitsOnce(schema, document, name, values && typeof values === 'object' ? values as Record<string, unknown> : {}, limits);
    } catch {
      continue;
    }
    for (const [field, n] of limited) {
      const cls = fieldClasses.get(field)!;
      counts.set(cls, (counts.get(cls) ?? 0) + n);
    }
  }
  return { refused: null, counts };
}
