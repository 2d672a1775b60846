// What an introspection query builds, counted before it runs. Introspection answers from the
// schema in memory, not from our resolvers, and graphql-js builds the whole answer before anything
// could weigh it: 20 aliases of `__schema { types { fields { type { fields … } } } }` (5 kB) built a
// 57 MB answer (17 s, +0.8 GB) before the answer cap refused it. Its answer is a function of the
// schema and the document alone, so it is counted exactly here, by walking the document over the
// schema as execution would (every value: an object, a list item, a scalar), and the walk stops at
// the budget: the count costs at most MAX_INTROSPECTION_NODES steps whatever the document asks.
import {
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLArgument,
  type GraphQLDirective,
  type GraphQLEnumValue,
  type GraphQLSchema,
  type GraphQLType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/**
 * Values an operation's introspection may build: GraphiQL's own query (graphql's
 * getIntrospectionQuery, with every option or none) builds about 29,000 over this schema since the
 * planner's and the shelf's types (22,000-24,000 before); this is the whole operation budget
 * (5,000 at INTROSPECTION_NODES_PER_COST), so the schema may grow by about two thirds again.
 */
export const MAX_INTROSPECTION_NODES = 50_000;

/**
 * Introspection values per unit of query cost (an object read from the database costs 1).
 * Measured on the loaded two-core machine: GraphiQL's query (22,240 values) executed and
 * serialised in 125 ms, 5.6 µs a value; a page of 20 products with their ingredients (cost 421)
 * answered over POST /graphql in ~40 ms, ~0.1 ms a unit (bench/attacks/costs.ts prints both). So a
 * unit buys ~18 values; 10 charges each value about twice what it costs: GraphiQL's query costs
 * ~2,900 of the 5,000 an operation may, and MAX_INTROSPECTION_NODES is the whole budget.
 */
export const INTROSPECTION_NODES_PER_COST = 10;

/** Response keys of `__schema`, and of `__type`, in one selection: one is what a client needs. */
export const MAX_INTROSPECTION_ALIASES = 2;

/** What a value of the introspection is: which __ type, and the schema thing behind it. */
type Value =
  | { kind: '__Schema' }
  | { kind: '__Type'; type: GraphQLType }
  | { kind: '__Field'; field: GraphQLField<unknown, unknown> }
  | { kind: '__InputValue'; input: GraphQLArgument | GraphQLInputField }
  | { kind: '__EnumValue'; value: GraphQLEnumValue }
  | { kind: '__Directive'; directive: GraphQLDirective };

class Exhausted extends Error {}

/** The values of one field of an introspection value: a list, one value, or null for a scalar (counted as one). */
function fieldValues(
  schema: GraphQLSchema,
  value: Value,
  name: string,
  args: (arg: string) => unknown,
): Value[] | Value | null {
  const types = (list: readonly GraphQLType[]): Value[] => list.map((type) => ({ kind: '__Type', type }));
  const inputs = (list: readonly (GraphQLArgument | GraphQLInputField)[]): Value[] =>
    list
      .filter((input) => args('includeDeprecated') === true || input.deprecationReason == null)
      .map((input) => ({ kind: '__InputValue', input }));
  switch (value.kind) {
    case '__Schema':
      if (name === 'types') return types(Object.values(schema.getTypeMap()));
      if (name === 'directives') return schema.getDirectives().map((directive) => ({ kind: '__Directive', directive }));
      if (name === 'queryType') return { kind: '__Type', type: schema.getQueryType()! };
      if (name === 'mutationType' || name === 'subscriptionType') {
        const root = name === 'mutationType' ? schema.getMutationType() : schema.getSubscriptionType();
        return root ? { kind: '__Type', type: root } : null;
      }
      return null;
    case '__Type': {
      const { type } = value;
      if (name === 'ofType')
        return isListType(type) || isNonNullType(type) ? { kind: '__Type', type: type.ofType as GraphQLType } : null;
      if (name === 'fields' && (isObjectType(type) || isInterfaceType(type)))
        return Object.values(type.getFields())
          .filter((field) => args('includeDeprecated') === true || field.deprecationReason == null)
          .map((field) => ({ kind: '__Field', field }));
      if (name === 'interfaces' && (isObjectType(type) || isInterfaceType(type))) return types(type.getInterfaces());
      if (name === 'possibleTypes' && isAbstractType(type)) return types(schema.getPossibleTypes(type));
      if (name === 'enumValues' && isEnumType(type))
        return type
          .getValues()
          .filter((v) => args('includeDeprecated') === true || v.deprecationReason == null)
          .map((v) => ({ kind: '__EnumValue', value: v }));
      if (name === 'inputFields' && isInputObjectType(type)) return inputs(Object.values(type.getFields()));
      return null;
    }
    case '__Field':
      if (name === 'args') return inputs(value.field.args);
      if (name === 'type') return { kind: '__Type', type: value.field.type };
      return null;
    case '__InputValue':
      return name === 'type' ? { kind: '__Type', type: value.input.type } : null;
    case '__Directive':
      return name === 'args' ? inputs(value.directive.args) : null;
    default:
      return null;
  }
}

/**
 * The values the introspection fields of an operation build (`__schema` and `__type` at its root,
 * fragments expanded; other fields are the cost estimator's), or null once past `budget`.
 * Conservative: fields merged under one response key, and fields a @skip/@include leaves out,
 * count as often as they are written.
 */
export function introspectionNodes(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  budget = MAX_INTROSPECTION_NODES,
): number | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  let nodes = 0;
  const count = (n: number) => {
    nodes += n;
    if (nodes > budget) throw new Exhausted();
  };
  const argOf =
    (field: FieldNode) =>
    (name: string): unknown => {
      const node = field.arguments?.find((a) => a.name.value === name)?.value;
      return node ? literal(node, variables) : undefined;
    };
  // `trail`: the fragments being expanded (a cycle, which validation refuses, is not followed).
  const walk = (set: SelectionSetNode, value: Value, trail: Set<string>): void => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        count(1);
        if (!s.selectionSet) continue;
        const inner = fieldValues(schema, value, s.name.value, argOf(s));
        if (Array.isArray(inner)) {
          count(inner.length);
          for (const item of inner) walk(s.selectionSet, item, trail);
        } else if (inner) walk(s.selectionSet, inner, trail);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        if (!s.typeCondition || s.typeCondition.name.value === value.kind) walk(s.selectionSet, value, trail);
      } else {
        const fragment = fragments.get(s.name.value);
        if (!fragment || trail.has(s.name.value) || fragment.typeCondition.name.value !== value.kind) continue;
        walk(fragment.selectionSet, value, new Set(trail).add(s.name.value));
      }
    }
  };
  // The operation's root: only `__schema` and `__type` (possibly inside fragments on the root type) build introspection.
  const root = (set: SelectionSetNode, trail: Set<string>): void => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (!s.selectionSet) continue;
        if (s.name.value === '__schema') {
          count(1);
          walk(s.selectionSet, { kind: '__Schema' }, trail);
        } else if (s.name.value === '__type') {
          count(1);
          const name = argOf(s)('name');
          const type = typeof name === 'string' ? schema.getType(name) : undefined;
          if (type) walk(s.selectionSet, { kind: '__Type', type }, trail);
        }
      } else if (s.kind === Kind.INLINE_FRAGMENT) root(s.selectionSet, trail);
      else {
        const fragment = fragments.get(s.name.value);
        if (fragment && !trail.has(s.name.value)) root(fragment.selectionSet, new Set(trail).add(s.name.value));
      }
    }
  };
  try {
    root(operation.selectionSet, new Set());
    return nodes;
  } catch (error) {
    if (error instanceof Exhausted) return null;
    throw error;
  }
}

/** An argument's value: a literal, or the variable it names. */
function literal(node: ValueNode, variables: Record<string, unknown>): unknown {
  switch (node.kind) {
    case Kind.VARIABLE:
      return variables[node.name.value];
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    case Kind.BOOLEAN:
      return node.value;
    default:
      return undefined;
  }
}

/** Whether an operation asks the schema: `__schema` or `__type` at its root (fragments on the root type expanded). */
export function asksTheSchema(document: DocumentNode, operation: OperationDefinitionNode): boolean {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const seen = new Set<string>();
  const asks = (set: SelectionSetNode): boolean =>
    set.selections.some((s) => {
      if (s.kind === Kind.FIELD) return s.name.value === '__schema' || s.name.value === '__type';
      if (s.kind === Kind.INLINE_FRAGMENT) return asks(s.selectionSet);
      const fragment = fragments.get(s.name.value);
      if (!fragment || seen.has(s.name.value)) return false;
      seen.add(s.name.value);
      return asks(fragment.selectionSet);
    });
  return asks(operation.selectionSet);
}
