// The row read path's hand lists: the fields a row may be read for alone (PLAIN_FIELDS,
// PLAIN_USER_FIELDS) must each be a column of the entity (or a relation joined into the row) and
// have no field resolver of its own, which could read a column the row left out.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM, ReferenceKind } from '@mikro-orm/core';
import { getMetadataStorage } from 'type-graphql';
import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import { ormOptions } from '../mikro-orm.config.js';
import { buildAppSchema } from '../src/schema.js';
import { Brand } from '../src/modules/brand/brand.entity.js';
import { ProductCategory } from '../src/modules/category/category.entity.js';
import { Product } from '../src/modules/product/product.entity.js';
import type { EntityClass } from '../src/modules/shared/row-pages.js';
import { BY_ID_FIELDS, PLAIN_FIELDS } from '../src/modules/product/product-rows.js';
import { User } from '../src/modules/user/user.entity.js';
import { PLAIN_USER_FIELDS } from '../src/modules/user/user-rows.js';

let orm: MikroORM;
let schema: GraphQLSchema;
beforeAll(async () => {
  // Metadata only: nothing connects to this address.
  orm = await MikroORM.init({
    ...ormOptions({ databaseUrl: 'postgres://postgres@127.0.0.1:9/unused', pgliteDir: '' }),
    pool: { min: 0, max: 1 },
  } as never);
  schema = await buildAppSchema();
});
afterAll(async () => {
  await orm?.close(true);
});

const lists: Array<{ entity: EntityClass; plain: ReadonlySet<string>; joined: string[] }> = [
  { entity: Product, plain: PLAIN_FIELDS.product, joined: ['brand', 'category'] },
  { entity: Brand, plain: PLAIN_FIELDS.brand, joined: [] },
  { entity: ProductCategory, plain: PLAIN_FIELDS.category, joined: [] },
  { entity: User, plain: PLAIN_USER_FIELDS, joined: [] },
];

describe.each(lists)('the plain fields of $entity.name', ({ entity, plain, joined }) => {
  it('are columns of the entity, or the relations its rows join', () => {
    const props = orm.getMetadata().get(entity as never).props;
    const columns = new Set(
      props
        .filter(
          (p) => p.kind === ReferenceKind.SCALAR && p.fieldNames?.length === 1 && p.persist !== false && !p.formula,
        )
        .map((p) => p.name),
    );
    const relations = new Set(props.filter((p) => p.kind === ReferenceKind.MANY_TO_ONE).map((p) => p.name));
    expect(
      [...plain].filter((field) => !columns.has(field) && !(joined.includes(field) && relations.has(field))),
    ).toEqual([]);
  });

  it('are fields of its GraphQL type with no field resolver (but the joined relations, served from the row)', () => {
    const objectType = getMetadataStorage().objectTypes.find((t) => t.target === entity);
    expect(objectType).toBeDefined();
    const type = schema.getType(objectType!.name) as GraphQLObjectType;
    expect([...plain].filter((field) => !type.getFields()[field])).toEqual([]);
    const resolved = new Set(
      getMetadataStorage()
        .fieldResolvers.filter((r) => r.getObjectType?.() === entity)
        .map((r) => r.schemaName),
    );
    expect([...plain].filter((field) => resolved.has(field) && !joined.includes(field))).toEqual([]);
  });
});

describe('the fields a product page serves from the id alone (BY_ID_FIELDS)', () => {
  it('are fields of Product with a field resolver (which reads the product by its id, never a column)', () => {
    const objectType = getMetadataStorage().objectTypes.find((t) => t.target === Product)!;
    const type = schema.getType(objectType.name) as GraphQLObjectType;
    const resolved = new Set(
      getMetadataStorage()
        .fieldResolvers.filter((r) => r.getObjectType?.() === Product)
        .map((r) => r.schemaName),
    );
    expect([...BY_ID_FIELDS].filter((field) => !type.getFields()[field] || !resolved.has(field))).toEqual([]);
    expect([...BY_ID_FIELDS].filter((field) => PLAIN_FIELDS.product.has(field))).toEqual([]);
  });
});
