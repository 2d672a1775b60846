// The cost model lets a GraphQL client ask what the REST layer answers: every named operation of
// rest-mappings, at the largest page REST gives (limit 100), passes the default limits.
import {
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { loadConfig } from '../src/config.js';
import { checkQueryLimits } from '../src/platform/graphql-limits.js';
import { MAX_LIMIT } from '../src/modules/shared/pagination.js';
import { mappingsDir } from '../src/rest/describe.js';
import { loadOperations } from '../src/rest/documents.js';
import { buildAppSchema } from '../src/schema.js';

/** A value of the type, for variables the operation requires (only the page size matters here). */
function sample(type: GraphQLInputType): unknown {
  const t = getNullableType(type);
  if (isListType(t)) return [sample(t.ofType)];
  if (isEnumType(t)) return t.getValues()[0].value;
  if (isInputObjectType(t)) {
    return Object.fromEntries(
      Object.values(t.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, sample(f.type)]),
    );
  }
  if (isScalarType(t))
    return (
      ({ Int: 1, Float: 1, Boolean: true, Upload: Buffer.from('x').toString('base64') } as Record<string, unknown>)[
        t.name
      ] ?? 'x'
    );
  return 'x';
}

/**
 * Operations whose every item does heavy work, accepted up to a smaller page over GraphQL: each
 * reformulation alert carries its diff, and a diff parses and matches two ingredient lists.
 */
const SMALLER_PAGE: Readonly<Record<string, number>> = { ListMyReformulationAlerts: 50 };

describe('GraphQL cost of the REST operations', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildAppSchema();
  });

  it('accepts every named operation of rest-mappings at limit 100 (SMALLER_PAGE aside) under the default limits', () => {
    const limits = loadConfig({}).graphql;
    const refused: string[] = [];
    for (const op of loadOperations(mappingsDir).values()) {
      const variables: Record<string, unknown> = {};
      for (const v of op.definition.variableDefinitions ?? []) {
        const name = v.variable.name.value;
        const type = typeFromAST(schema, v.type as never) as GraphQLInputType;
        if (name === 'limit') variables[name] = SMALLER_PAGE[op.name] ?? MAX_LIMIT;
        else if (isNonNullType(type)) variables[name] = sample(type);
      }
      try {
        checkQueryLimits(schema, op.document, op.name, variables, limits);
      } catch (error) {
        refused.push(`${op.name}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
