import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { EditableEntity } from '../shared/base.entity.js';

@Entity()
// simpleResolvers: its fields are plain properties (no field auth or middleware), read straight off
// the object instead of through one type-graphql resolver call per field: an analysis answer has
// 40 ingredients or more. The same on IngredientAnalysis and AnalysisEntry.
@ObjectType({ description: 'A cosmetic ingredient, named by its INCI name.', simpleResolvers: true })
export class Ingredient extends EditableEntity {
  @Property({ type: 'text', unique: true })
  @Field({ description: 'Lowercase slug, usable wherever an id is.' })
  alias!: string;

  @Property({ type: 'text', unique: true })
  @Field({ description: 'INCI name (the EU name where EU and US differ).' })
  name!: string;

  @Property({ type: 'text[]' })
  @Field(() => [String], { description: 'Other names: US/EU variants, drug names, CI numbers, common names.' })
  otherNames: string[] = [];

  @Property({ type: 'text', default: '' })
  @Field()
  description: string = '';

  @Property({ type: 'text[]' })
  @Field(() => [String], { description: 'CosIng functions.' })
  functions: string[] = [];

  @Property({ type: 'text[]' })
  @Field(() => [String])
  effects: string[] = [];

  @Index({ type: 'gin' })
  @Property({ type: 'text[]' })
  @Field(() => [String])
  flags: string[] = [];

  @Index({ type: 'gin' })
  @Property({ type: 'text[]' })
  @Field(() => [String])
  groups: string[] = [];

  @Property({ type: 'smallint', nullable: true })
  @Field(() => Int, { nullable: true, description: 'Comedogenic rating 0-5 where one is published.' })
  comedogenic?: number | null;

  @Property({ type: 'smallint', nullable: true })
  @Field(() => Int, { nullable: true, description: 'Irritancy rating 0-5 where one is published.' })
  irritancy?: number | null;

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  ratingSource?: string | null;

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  casNumber?: string | null;

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'EC number (EINECS/ELINCS), as the EU inventory gives it.' })
  ecNumber?: string | null;

  /** True for entries we authored; imports never overwrite them. */
  @Property({ default: true })
  curated: boolean = true;

  @Field(() => Boolean, {
    description:
      "Known from the EU CosIng inventory alone (Source: European Commission, CosIng database): its functions, CAS and EC numbers are the inventory's, and nobody here has reviewed it. Its description says what it does, not how well.",
  })
  get inventoryOnly(): Opt<boolean> {
    return !this.curated;
  }
}
