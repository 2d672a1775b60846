// Depth and complexity limits for client-written GraphQL queries (the REST documents are ours
// and trusted). A query over either limit is a 400 VALIDATION_FAILED naming the limit.
import { getNullableType, isListType, Kind, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type SelectionSetNode } from 'graphql';
import { getComplexity, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';
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

/** Items a list without paging arguments (a product's ingredients, say) is assumed to hold. */
const UNPAGED_LIST_SIZE = 10;

/** Introspection (GraphiQL's schema query) is not the client's data: it costs nothing. */
const introspectionEstimator: ComplexityEstimator = ({ type, field }) =>
  type.name.startsWith('__') || field.name.startsWith('__') ? 0 : undefined;

/** A paged list costs its page size times what one item costs; other lists a typical size. */
const listEstimator: ComplexityEstimator = ({ args, field, childComplexity }) => {
  if ('limit' in args || 'cursor' in args) {
    const limit = typeof args.limit === 'number' ? args.limit : DEFAULT_LIMIT;
    return 1 + childComplexity * Math.max(1, limit);
  }
  if (isListType(getNullableType(field.type)) && childComplexity > 0) return 1 + childComplexity * UNPAGED_LIST_SIZE;
  return undefined;
};

export function checkQueryLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
  limits: { maxDepth: number; maxComplexity: number },
): void {
  const depth = queryDepth(document, operationName);
  if (depth > limits.maxDepth) {
    throw new AppError('VALIDATION_FAILED', `Query depth ${depth} exceeds the limit of ${limits.maxDepth}`, { limit: 'depth', value: depth, max: limits.maxDepth });
  }
  const complexity = getComplexity({
    schema, query: document, operationName: operationName ?? undefined, variables,
    estimators: [introspectionEstimator, listEstimator, simpleEstimator({ defaultComplexity: 1 })],
  });
  if (complexity > limits.maxComplexity) {
    throw new AppError('VALIDATION_FAILED', `Query complexity ${complexity} exceeds the limit of ${limits.maxComplexity}`, { limit: 'complexity', value: complexity, max: limits.maxComplexity });
  }
}
