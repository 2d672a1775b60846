import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { newId } from './ids.js';

// The stanzas (almost) every entity had, declared once. Both MikroORM and type-graphql read the
// decorators through the subclass (type-graphql puts inherited fields first in a type). An entity
// that extends one of these declares none of it, and a service's `em.create` passes none of it:
// the initializers give a new row its id and times (`Opt` tells `em.create`'s typing so). Raw
// `em.insert`, `em.upsert` with a plain object and QueryBuilder inserts run no initializer: they
// still pass `id`, `createdAt` and `updatedAt` themselves.
//
// A class shows an inherited column in GraphQL, or changes its description, by redeclaring it
// with `@Field` only (`override id!: string`): the column stays the base's, the value its
// initializer's (no class field is emitted: useDefineForClassFields is off). type-graphql
// inherits fields from `@ObjectType` superclasses only, so UuidKeyed's id stays out of GraphQL.

/** A time-ordered uuid (uuid v7) as primary key, not shown in GraphQL (a row's, or a type's that hides it). */
export abstract class UuidKeyed {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();
}

/** The uuid key, in GraphQL an `ID!`. */
@ObjectType()
export abstract class IdEntity extends UuidKeyed {
  @Field(() => ID)
  override id!: string;
}

/** What most stored things have: the id and the moment the row was created. */
@ObjectType()
export abstract class BaseEntity extends IdEntity {
  @Property({ type: 'datetime' })
  @Field(() => Date)
  createdAt: Opt<Date> = new Date();
}

/** A stored thing people edit: `updatedAt` follows every flush that changes it (a new one: its creation). */
@ObjectType()
export abstract class EditableEntity extends BaseEntity {
  @Property({ type: 'datetime', onUpdate: () => new Date() })
  @Field(() => Date)
  updatedAt: Opt<Date> = new Date(this.createdAt);
}

/** `alias`: the unique lowercase slug a path's `:id_or_alias` may name instead of the uuid. */
const aliasColumn = (): PropertyDecorator => (target, key) => {
  Property({ type: 'text', unique: true })(target, key as string);
  Field(() => String)(target, key);
};

/** `name`: what people call it. */
const nameColumn = (): PropertyDecorator => (target, key) => {
  Property({ type: 'text' })(target, key as string);
  Field(() => String)(target, key);
};

/** A catalog thing a path can name (brand, facet, product): edited, found by uuid or alias. */
@ObjectType()
export abstract class NamedEntity extends EditableEntity {
  @aliasColumn() alias!: string;
  @nameColumn() name!: string;
}

/** A reference list's entry a path can name (category, unit), with no timestamps. */
@ObjectType()
export abstract class ListedEntity extends IdEntity {
  @aliasColumn() alias!: string;
  @nameColumn() name!: string;
}
