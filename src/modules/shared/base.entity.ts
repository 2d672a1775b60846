import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, ID, ObjectType } from 'type-graphql';
import { newId } from './ids.js';

/**
 * What (almost) every stored thing has: a time-ordered uuid and the moment it was created.
 * Both MikroORM and type-graphql read the decorators through the subclass, so an entity that
 * extends this declares neither, and a service never passes `createdAt: new Date()`.
 */
@ObjectType()
export abstract class BaseEntity {
  @PrimaryKey({ type: 'uuid' })
  @Field(() => ID)
  id: string = newId();

  @Property({ type: 'datetime' })
  @Field()
  createdAt: Date = new Date();
}

/** A stored thing people edit: `updatedAt` follows every flush that changes it. */
@ObjectType()
export abstract class EditableEntity extends BaseEntity {
  @Property({ type: 'datetime', onUpdate: () => new Date() })
  @Field()
  updatedAt: Date = new Date();
}

/** A catalog thing a path can name: `:id_or_alias` finds it by its uuid or its unique alias. */
@ObjectType()
export abstract class NamedEntity extends EditableEntity {
  @Property({ type: 'text', unique: true })
  @Field()
  alias!: string;

  @Property({ type: 'text' })
  @Field()
  name!: string;
}
