// Every field that does more than read its parent's row has a cost: the
// fields are derived from the schema (root queries) and type-graphql's metadata (@FieldResolver),
// so a field added later without a cost, or a reason it is cheap, fails here.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { isObjectType, parse, type GraphQLSchema } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { CHEAP_FIELDS, checkQueryLimits, FIELD_COSTS } from '../src/platform/graphql-limits.js';
import { buildAppSchema } from '../src/schema.js';

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildAppSchema();
});

/** `Type.field` of every root query and every @FieldResolver. */
function fieldsWithTheirOwnResolver(): string[] {
  const storage = getMetadataStorage();
  const coordinates = new Set(Object.keys(schema.getQueryType()!.getFields()).map((field) => `Query.${field}`));
  for (const resolver of storage.fieldResolvers) {
    const target = resolver.getObjectType?.();
    const type = storage.objectTypes.find((o) => o.target === target)?.name;
    if (type) coordinates.add(`${type}.${resolver.schemaName}`);
  }
  return [...coordinates].sort();
}

const fieldOf = (coordinate: string) => {
  const [type, field] = coordinate.split('.');
  const t = schema.getType(type);
  return isObjectType(t) ? t.getFields()[field] : undefined;
};

describe('the cost table covers every field with its own resolver', () => {
  it('finds the field resolvers (the derivation itself works)', () => {
    const fields = fieldsWithTheirOwnResolver();
    expect(fields).toEqual(
      expect.arrayContaining([
        'Query.betterAlternatives',
        'Product.ingredients',
        'Brand.owner',
        'ReformulationAlertView.diff',
      ]),
    );
    expect(fields.length).toBeGreaterThan(150);
  });

  it('each has a cost, a page size the estimator multiplies, or a reason it is cheap', () => {
    const uncovered = fieldsWithTheirOwnResolver().filter((coordinate) => {
      const field = fieldOf(coordinate);
      if (!field) return true;
      const paged = field.args.some((a) => a.name === 'limit' || a.name === 'cursor');
      return FIELD_COSTS[coordinate] === undefined && CHEAP_FIELDS[coordinate] === undefined && !paged;
    });
    expect(uncovered).toEqual([]);
  });

  it('names only fields that exist, each in one table', () => {
    for (const coordinate of [...Object.keys(CHEAP_FIELDS), ...Object.keys(FIELD_COSTS)])
      expect([coordinate, Boolean(fieldOf(coordinate))]).toEqual([coordinate, true]);
    expect(Object.keys(CHEAP_FIELDS).filter((c) => c in FIELD_COSTS)).toEqual([]);
  });
});

describe('betterAlternatives at its cost', () => {
  const aliases = (n: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `a${i}: betterAlternatives(idOrAlias: "x") { items { product { id } } }`).join(' ')} }`;
  const limits = { maxDepth: 10, maxComplexity: 5000 };

  it("20 aliases (the issue's attack, each of a batch of 10) are refused for their cost", () => {
    expect(() => checkQueryLimits(schema, parse(aliases(20)), null, {}, limits)).toThrow(/complexity/);
  });

  it('a few are still accepted', () => {
    expect(() => checkQueryLimits(schema, parse(aliases(3)), null, {}, limits)).not.toThrow();
  });
});
