import { Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { NamedEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

@Entity()
// Suggestions find a brand by the start of any word of its name (the search migrations).
@Index({
  name: 'brand_name_words_index',
  expression: `create index "brand_name_words_index" on "brand" using gin (to_tsvector('simple', search_fold(name)))`,
})
@ObjectType({ description: 'A brand that makes products.' })
export class Brand extends NamedEntity {
  @Property({ type: 'text', default: '' })
  @Field()
  description: string = '';

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 country code.' })
  country?: string | null;

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  website?: string | null;

  @Property({ type: 'smallint', nullable: true })
  @Field(() => Int, { nullable: true })
  founded?: number | null;

  /** The brand user who manages it; null until a brand claims it. */
  @ManyToOne(() => User, { ref: true, nullable: true })
  owner?: Ref<User> | null;
}
