// Limits on client-written GraphQL operations (the REST documents are ours and trusted): the
// document's bounds (tokens, fragments, nodes, depth, repeated fields: graphql-document-bounds.ts,
// checked before GraphQL validates), then complexity (heavy fields at their real cost). All are
// checked before anything executes; an operation over a limit, or whose variables do not fit it,
// is a 400 VALIDATION_FAILED naming the limit or the variable.
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  parse,
  TokenKind,
  validate,
  type DocumentNode,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import { LRUCache } from 'lru-cache';
import { jsonNestsDeeper, tooDeep } from './json-depth.js';
import {
  asksTheSchema,
  INTROSPECTION_NODES_PER_COST,
  introspectionNodes,
  MAX_INTROSPECTION_NODES,
} from './graphql-introspection.js';
import { AppError } from '../errors.js';
import { DEFAULT_LIMIT } from '../modules/shared/pagination.js';
import {
  documentBoundsError,
  fragmentsOf,
  limitError,
  MAX_QUERY_NODES,
  MAX_OPERATIONS,
  MAX_QUERY_TOKENS,
} from './graphql-document-bounds.js';

export { MAX_FIELD_REPEAT, MAX_QUERY_NODES } from './graphql-document-bounds.js';

/**
 * What one text search costs, from measured time. Method: in-process (app.inject, POST /graphql,
 * PGlite, the seeded demo catalog), the median of 5 after two warm-up rounds, on the shared
 * two-core machine: a product's detail with brand, category and ingredients (cost 23) took 24 ms,
 * ~1 ms a unit; a product search 35 ms ("vitamin c serum"), 88 ms ("retinl night cream", a typo
 * corrected) and 102 ms (16 misspelt words, the most a query holds); an ingredient search 175-262
 * ms (its trigram match of misspelt names: "tocopheral", a 58-letter text); suggestions (three
 * searches as one types) 36 ms. Each is bounded by its input (src/modules/search/parse.ts,
 * MAX_CORRECTED_WORDS, MAX_FUZZY_LETTERS), so its worst case is this order too.
 */
const TEXT_SEARCH_COST = { product: 100, ingredient: 250, suggestions: 50 } as const;

/** Root fields that run a whole planning each: at most one per document (each also counts against the analysis budget). */
export const ONCE_PER_DOCUMENT = ['planRoutine', 'previewRoutinePlan', 'replanRoutinePlan'];

/** Lists whose free-text argument (when given) makes them a text search, with what that costs. */
const TEXT_SEARCH_COSTS: Readonly<Record<string, { arg: string; cost: number }>> = {
  'Query.products': { arg: 'search', cost: TEXT_SEARCH_COST.product },
  'Query.ingredients': { arg: 'search', cost: TEXT_SEARCH_COST.ingredient },
};

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
  // A plan: the person, the shelf, the catalog's candidates (up to 40 a slot read at dose), the engine over an
  // 8-26 week schedule and its 26 checks: about as much as betterAlternatives (bench/routine-plan.ts).
  'Mutation.planRoutine': 600,
  'Mutation.replanRoutinePlan': 600,
  'Query.previewRoutinePlan': 600,
  'Query.ingredientEffects': 100,
  'Query.classifyProductDraft': 100,
  'Query.compare': 100,
  'Query.sharedComparison': 50,
  'Query.similarProducts': 300,
  'Query.analysisSimilarProducts': 300,
  'Query.analysisCategorize': 50,
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
  // Reformulation watch: each diff reads two lists (parser, matcher, dose estimate).
  'Query.productIngredientListDiff': 20,
  'Query.productIngredientListVersions': 20,
  'ReformulationAlertView.diff': 10,
  // A person's data export reads every table that holds a user id.
  'Query.myExport': 1000,
  // Text search, measured against a product's detail (below, TEXT_SEARCH_COSTS).
  'Query.searchProducts': TEXT_SEARCH_COST.product,
  'Query.searchSuggestions': TEXT_SEARCH_COST.suggestions,
  // Similarity (as similarProducts) and then the ranking engine over a pool of 3 × limit
  // candidates, the caller's feelings and a routine: 2-2.5 times similarProducts' time, measured.
  'Query.betterAlternatives': 600,
  'Query.productAnalysis': 20,
  'Query.analysisRules': 10,
  'Query.analysisSkinCalc': 10,
  'Query.analysisMissingIngredients': 10,
  'Query.analysisIngredientFeelings': 10,
  'Query.productLookup': 20,
  'Query.contest': 50,
  'Query.myContestStanding': 50,
  // A list of ids (each looked up): a page whose items the page rule does not multiply.
  'Query.productFavoriteLookup': 20,
  'Query.userRelationshipLookup': 20,
  // Every brand or top category, read for each facet (not batched).
  'Facet.values': 20,
  // The parser runs again over the stored list.
  'IngredientAnalysis.setAside': 5,
  // Drift: the routine rules again over each of an accepted plan's routines, as routineCompatibility (20) does for one.
  'RoutinePlan.drift': 50,
  // Accepting writes a routine per variant (up to 4), its steps and the schedule rows.
  'Mutation.acceptRoutinePlan': 50,
};

const BY_KEY = 'one row by id, alias, token or the caller (with what it joins)';
const LOADER = 'one related row by key, batched for the whole request (DataLoader)';
const LOADER_LIST =
  "the parent's own rows (or a count of them), batched for the whole request (DataLoader); an unpaged list is charged 10 items";
const FROM_ROW = "computed from the parent's row, or static data held in memory: no statement";
const STORED_ENTRIES =
  'the stored entries read with the knowledge base held in memory: linear in one list, no statement';

/**
 * Fields with their own resolver (a root query or a @FieldResolver) whose work is an object's or
 * a list's worth, which the estimator charges already (1 an object, 10 items an unpaged list, the
 * page size a paged one): each with why it is cheap. test/graphql-field-costs.test.ts fails on a
 * field with its own resolver that is neither here nor in FIELD_COSTS nor paged, so a heavy field
 * added later gets a cost.
 */
export const CHEAP_FIELDS: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      [
        BY_KEY,
        [
          'Query.brand',
          'Query.myRoutinePlan',
          'Query.productCategory',
          'Query.ingredient',
          'Query.ingredientGroup',
          'Query.myIngredientFeeling',
          'Query.ingredientFeeling',
          'Query.userIngredientFeeling',
          'Query.sharedAnalysis',
          'Query.product',
          'Query.unitOfMeasurement',
          'Query.ingredientOpinion',
          'Query.currentIngredientOpinionEntry',
          'Query.ingredientOpinionEntry',
          'Query.featuredIngredientOpinion',
          'Query.me',
          'Query.user',
          'Query.facet',
          'Query.article',
          'Query.productTutorial',
          'Query.featuredProductTutorial',
          'Query.routine',
          'Query.productDraft',
          'Query.emailLink',
          'Query.myReaction',
          'Query.myIntakeDecision',
          'Query.myReformulationSettings',
          'Query.userSurvey',
          'Query.productOffers',
          'Query.productCategoryBreadcrumbs',
          'Query.productBreadcrumbs',
          'Query.myCurrentRoutineIds',
          'Query.featured',
          'Query.ingredientGroups',
          'Query.sharedRoutinePlan',
          // A plan's day is computed from the stored plan read by id (or page token): one statement.
          'Query.routinePlanDay',
          'Query.sharedRoutinePlanDay',
        ],
      ],
      [
        FROM_ROW,
        [
          'IngredientAnalysis.unread',
          'Ingredient.inventoryOnly',
          'Product.matchedWords',
          'Query.supergroups',
          'ProductOffer.price',
          'ProductAnalysis.passesAll',
          'RoutineStep.routineId',
          'User.email',
          'User.emailVerified',
          'User.intakeDecision',
          'User.skinProfile',
          'User.supergroups',
          'User.covers',
          'RoutineRequest.skinProfile',
          'Product.source',
          'IngredientAnalysis.parts',
          'IngredientAnalysis.activesOutsideList',
          'IngredientFeedback.appliedChanges',
          'FeaturedItem.article',
        ],
      ],
      [
        LOADER,
        [
          'RoutineStep.replacedProduct',
          'Brand.owner',
          'FeaturedItem.product',
          'FeaturedItem.routine',
          'FollowedIngredientFeeling.ingredient',
          'IngredientFeedback.author',
          'IngredientFeedback.ingredient',
          'IngredientFeedback.reviewedBy',
          'IngredientFeeling.ingredient',
          'IngredientFeeling.user',
          'IngredientListChange.ingredient',
          'IngredientListVersion.author',
          'IngredientListVersionEntry.ingredient',
          'IngredientMatchProposal.ingredient',
          'IngredientOpinion.author',
          'IngredientOpinion.ingredient',
          'IngredientOpinionEntry.editor',
          'IngredientOpinionEntry.opinion',
          'Product.brand',
          'Product.brandAttestation',
          'Product.category',
          'Product.productImage',
          'Product.size',
          'ProductCategory.parent',
          'ProductDraft.author',
          'ProductDraft.brand',
          'ProductDraft.category',
          'ProductDraft.product',
          'ProductDraft.productImage',
          'ProductDraft.reviewer',
          'ProductIngredient.ingredient',
          'ProductPitch.affiliateUser',
          'ProductPitch.author',
          'ProductPitch.product',
          'ProductReaction.product',
          'ProductReaction.analysisToken',
          'ProductTutorial.author',
          'ProductTutorial.product',
          'ProductTutorial.quantity',
          'ReformulationAlertView.product',
          'ReformulationReason.ingredient',
          'Routine.owner',
          'RoutinePitchMatch.product',
          'RoutineRequestAnswer.expert',
          'RoutineRequestAnswer.routine',
          'RoutineStep.pitch',
          'RoutineStep.product',
          'RoutineStep.tutorial',
          'User.profilePicture',
          'UserFollow.followed',
          'UserFollow.follower',
        ],
      ],
      [
        LOADER_LIST,
        [
          'FollowedIngredientFeeling.users',
          'Product.ingredients',
          'Product.offers',
          'Product.favoriteCount',
          'ProductCategory.children',
          'ProductPitch.ingredientOpinions',
          'ProductTutorial.instructions',
          'ProductTutorial.warnings',
          'Routine.steps',
          'Routine.favoriteCount',
          'RoutineRequest.answers',
          'RoutinePlan.acceptedRoutines',
          'Routine.schedule',
        ],
      ],
      [
        STORED_ENTRIES,
        [
          'IngredientAnalysis.partReadings',
          'IngredientAnalysis.flagSummary',
          'IngredientAnalysis.ingredients',
          'IngredientAnalysis.regulatoryAlerts',
          'IngredientAnalysis.productType',
          'IngredientAnalysis.productTypeBasis',
          'ProductDraft.ingredients',
        ],
      ],
    ] as const
  ).flatMap(([reason, fields]) => fields.map((field) => [field, reason])),
);

/** Bytes of one POST /graphql answer: a larger one is refused (ask for less per request). */
export const MAX_GRAPHQL_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * Lists sized by their parent field's `limit` though their type is no page (no `nextCursor`): the
 * limit already multiplies at the parent, as for a page's `items`.
 */
const LIMITED_LISTS: ReadonlySet<string> = new Set(['ReactionSuspects.suspects', 'BetterAlternatives.items']);

/** Items a list without paging arguments (a product's ingredients, say) is assumed to hold. */
const UNPAGED_LIST_SIZE = 10;

/**
 * Objects whose rows are large, at what one costs beyond 1: about one unit per 4 kB of its largest row. An analysis
 * holds its list (up to 20,000 characters) and its entries (with their results, about 117 kB in all for a 20,000-
 * character list), and anyone can store thousands: 20 aliases of a page of 100 (complexity 2,020 at 1 an object)
 * made the server read 2,000 such rows, 234 MB, before the answer cap could refuse a 40 MB answer (33 s, RSS +412 MB,
 * bench/attacks/costs.ts --only answer). At 30, one page of 100 costs 3,100 and two are over the budget.
 */
const LARGE_ROW_COSTS: Readonly<Record<string, number>> = { IngredientAnalysis: 30 };

const largeRowCost = (type: GraphQLOutputType): number => {
  const named = getNamedType(type).name;
  return Object.hasOwn(LARGE_ROW_COSTS, named) ? LARGE_ROW_COSTS[named] : 0;
};

/** Introspection is priced by what it builds (introspectionNodes, added in checkQueryLimits), not field by field. */
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
  const key = `${type.name}.${field.name}`;
  const search = Object.hasOwn(TEXT_SEARCH_COSTS, key) ? TEXT_SEARCH_COSTS[key] : null;
  const searched =
    search && typeof args[search.arg] === 'string' && (args[search.arg] as string).trim() ? search.cost : 0;
  const own = (Object.hasOwn(FIELD_COSTS, key) ? FIELD_COSTS[key] : 0) + searched;
  if (isLeafType(getNamedType(field.type))) return own;
  if ('limit' in args || 'cursor' in args) {
    const limit = typeof args.limit === 'number' ? args.limit : DEFAULT_LIMIT;
    return own + 1 + childComplexity * Math.max(1, limit);
  }
  const pageItems =
    (field.name === 'items' && isObjectType(type) && 'nextCursor' in type.getFields()) ||
    LIMITED_LISTS.has(`${type.name}.${field.name}`);
  const rows = largeRowCost(field.type);
  if (isListType(getNullableType(field.type)) && !pageItems)
    return own + 1 + (rows + childComplexity) * UNPAGED_LIST_SIZE;
  return own + 1 + rows + childComplexity;
};

export function checkQueryLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
  limits: { maxDepth: number; maxComplexity: number },
): void {
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode =>
      d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
  if (!operation) {
    throw new AppError(
      'VALIDATION_FAILED',
      operationName ? `No operation named "${operationName}" in the document` : 'The document holds no operation',
      { field: 'operationName' },
    );
  }
  // The document's bounds first: linear in its length, they bound what the cost walk below may do.
  const bounds = boundsErrorOnce(document, limits.maxDepth);
  if (bounds) throw bounds;
  // Introspection: its answer counted over the schema (at most MAX_INTROSPECTION_NODES steps), priced by it.
  let introspection = 0;
  if (asksTheSchema(document, operation)) {
    const nodes = introspectionNodes(schema, document, operation, variables);
    if (nodes === null)
      throw limitError(
        `The introspection asked for builds more than ${MAX_INTROSPECTION_NODES} values: ask for less in one request`,
        { limit: 'introspection_nodes', max: MAX_INTROSPECTION_NODES },
      );
    introspection = Math.ceil(nodes / INTROSPECTION_NODES_PER_COST);
  }
  let complexity: number;
  try {
    complexity = getComplexity({
      schema,
      query: document,
      operationName: operationName ?? undefined,
      variables,
      maxQueryNodes: MAX_QUERY_NODES,
      estimators: [introspectionEstimator, costEstimator],
    });
  } catch (error) {
    // Variables that do not fit the operation (missing, wrong type) and the node bound: the client's.
    if (!(error instanceof GraphQLError) || error instanceof AppError) throw error;
    if (/maximum allowed number of nodes/.test(error.message)) {
      throw limitError(`The operation has more than ${MAX_QUERY_NODES} fields`, {
        limit: 'nodes',
        max: MAX_QUERY_NODES,
      });
    }
    const variable = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)"/.exec(error.message)?.[1];
    throw new AppError('VALIDATION_FAILED', error.message, variable ? { field: variable } : undefined);
  }
  complexity += introspection;
  if (complexity > limits.maxComplexity) {
    throw limitError(`Query complexity ${complexity} exceeds the limit of ${limits.maxComplexity}`, {
      limit: 'complexity',
      value: complexity,
      max: limits.maxComplexity,
    });
  }
}

/**
 * How many times each root field runs in the operation a request names: its distinct response
 * keys (aliases), fragments and inline fragments expanded. Null when the document names no such
 * operation (GraphQL answers that).
 */
export function rootFieldCounts(
  document: DocumentNode,
  operationName: string | null | undefined,
): Map<string, number> | null {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation) return null;
  const fragments = fragmentsOf(document);
  const keys = new Map<string, Set<string>>();
  let steps = 0;
  const trail = new Set<string>();
  const collect = (set: SelectionSetNode): void => {
    for (const selection of set.selections) {
      // Past this the operation is refused for its size before it runs (checkQueryLimits).
      if (++steps > MAX_QUERY_NODES) return;
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        keys.set(name, (keys.get(name) ?? new Set<string>()).add(selection.alias?.value ?? name));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet);
      else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || trail.has(name)) continue;
        trail.add(name);
        collect(fragment.selectionSet);
        trail.delete(name);
      }
    }
  };
  collect(operation.selectionSet);
  return new Map([...keys].map(([name, responseKeys]) => [name, responseKeys.size]));
}

/**
 * Documents parsed by the inspection, by their text: clients send the same few again and again.
 * A document over MAX_QUERY_TOKENS is the refusal; one that does not parse is false (GraphQL says why).
 */
const parsed = new LRUCache<string, DocumentNode | AppError | false>({
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (_value, query) => query.length + 1,
});

/** Tokens of each parsed document (comments not counted, as graphql-js's maxTokens counts them). */
const tokenCounts = new WeakMap<DocumentNode, number>();

/** The tokens of a parsed document: a walk of the lexer's token list, once per document. */
export function tokensOf(document: DocumentNode): number {
  let n = tokenCounts.get(document);
  if (n === undefined) {
    n = 0;
    for (let token = document.loc?.startToken ?? null; token; token = token.next)
      if (token.kind !== TokenKind.COMMENT && token.kind !== TokenKind.SOF && token.kind !== TokenKind.EOF) n++;
    tokenCounts.set(document, n);
  }
  return n;
}

const batchError = (what: string, max: number, limit: string): AppError =>
  limitError(`The batch's documents hold more than ${max} ${what} in all`, { limit, max });

function parsedOnce(query: string): DocumentNode | AppError | null {
  let document = parsed.get(query);
  if (document === undefined) {
    try {
      document = parse(query, { maxTokens: MAX_QUERY_TOKENS });
    } catch (error) {
      document =
        error instanceof GraphQLError && /contains more th\w+ \d+ tokens/.test(error.message)
          ? limitError(`The document has more than ${MAX_QUERY_TOKENS} tokens`, {
              limit: 'tokens',
              max: MAX_QUERY_TOKENS,
            })
          : false;
    }
    parsed.set(query, document);
  }
  return document || null;
}

/** documentBoundsError of each document (Apollo's stored one, or the inspection's), for one depth limit. */
const bounds = new WeakMap<DocumentNode, { maxDepth: number; error: AppError | null }>();

function boundsErrorOnce(document: DocumentNode, maxDepth: number): AppError | null {
  let known = bounds.get(document);
  if (known?.maxDepth !== maxDepth)
    bounds.set(document, (known = { maxDepth, error: documentBoundsError(document, maxDepth) }));
  return known.error;
}

interface Shape {
  fields: Map<string, number> | null;
  valid: () => boolean;
}
/** What the inspection reads off an operation, once per parsed operation (validation only when needed). */
const shapes = new WeakMap<OperationDefinitionNode, Shape>();

function shapeOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  name: string | null,
): Shape {
  let shape = shapes.get(operation);
  if (!shape) {
    let valid: boolean | undefined;
    shape = {
      fields: rootFieldCounts(document, name),
      valid: () => (valid ??= validate(schema, document).length === 0),
    };
    shapes.set(operation, shape);
  }
  return shape;
}

/** Outcomes of checkQueryLimits per document (Apollo's stored one) and small variables. */
const checked = new WeakMap<DocumentNode, LRUCache<string, { error: unknown }>>();

/** checkQueryLimits, its outcome remembered for a document and its variables (the same page asked again). */
export function checkQueryLimitsOnce(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
  limits: { maxDepth: number; maxComplexity: number },
): void {
  const key = `${operationName ?? ''}\u0000${JSON.stringify(variables)}`;
  // Long variables (an ingredient list) are not worth a key.
  if (key.length > 500) {
    checkQueryLimits(schema, document, operationName, variables, limits);
    return;
  }
  let outcomes = checked.get(document);
  if (!outcomes) checked.set(document, (outcomes = new LRUCache({ max: 64 })));
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
 * before GraphQL parses and validates it: a document over the token, node, depth or fragment
 * nesting bounds, or an operation with a field repeated over the cap, is refused here, at the cost
 * of a parse and linear walks (validating thousands of aliases alone takes a while, and a
 * document of fragments spreading fragments twice would expand exponentially).
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
  // A batch shares one document's budget: its documents' tokens and operations, added up (a batch of
  // ten 100 kB documents of 3,900 operations each passed every bound of one document: 2.4 s).
  let tokens = 0;
  let operationCount = 0;
  for (const request of Array.isArray(payload) ? payload : [payload]) {
    const { query, operationName, variables } = (request ?? {}) as {
      query?: unknown;
      operationName?: unknown;
      variables?: unknown;
    };
    // GET's variables are JSON text, parsed and walked after this: refused when nested too deep.
    if (typeof variables === 'string' && jsonNestsDeeper(variables)) return { refused: tooDeep('variables'), counts };
    if (typeof query !== 'string') continue;
    // Cheapest first: the tokens (while parsing), then the document's bounds (every operation and
    // fragment: GraphQL validates them all, whichever operation the request names).
    const document = parsedOnce(query);
    if (!document) continue;
    if (document instanceof AppError) return { refused: document, counts };
    tokens += tokensOf(document);
    if (tokens > MAX_QUERY_TOKENS) return { refused: batchError('tokens', MAX_QUERY_TOKENS, 'tokens'), counts };
    const refused = boundsErrorOnce(document, limits.maxDepth);
    if (refused) return { refused, counts };
    const name = typeof operationName === 'string' ? operationName : null;
    const operations = document.definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    // Every operation of a document is validated, whichever one runs.
    operationCount += operations.length;
    if (operationCount > MAX_OPERATIONS)
      return { refused: batchError('operations', MAX_OPERATIONS, 'operations'), counts };
    const operation = name
      ? operations.find((o) => o.name?.value === name)
      : operations.length === 1
        ? operations[0]
        : undefined;
    if (!operation) continue;
    const shape = shapeOf(schema, document, operation, name);
    for (const field of ONCE_PER_DOCUMENT) {
      const n = shape.fields?.get(field) ?? 0;
      if (n > 1)
        return {
          refused: limitError(`${field} may appear at most once in a document; it appears ${n} times`, {
            limit: 'once_per_document',
            field,
            value: n,
            max: 1,
          }),
          counts,
        };
    }
    const limited = [...(shape.fields ?? [])].filter(([field]) => fieldClasses.has(field));
    if (!limited.length || !shape.valid()) continue;
    try {
      // GET sends the variables as JSON text; GraphQL refuses what does not parse.
      const values: unknown = typeof variables === 'string' ? JSON.parse(variables) : variables;
      checkQueryLimitsOnce(
        schema,
        document,
        name,
        values && typeof values === 'object' ? (values as Record<string, unknown>) : {},
        limits,
      );
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
