// GraphQL shapes of the reformulation watch: versions, diffs, alerts and the digest setting.
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { ListVersionSource } from './product-list-version.entity.js';

@ObjectType({ description: "One entry of a version of a product's ingredient list." })
export class IngredientListVersionEntry {
  @Field(() => Int)
  position!: number;

  @Field({ description: 'As printed.' })
  input!: string;

  ingredientId!: string | null;

  @Field(() => String, { nullable: true, description: 'Printed beside the entry ("10%").' })
  concentration!: string | null;

  @Field()
  mayContain!: boolean;

  @Field({
    description:
      'Behind the 1% line: the list shows there is at most 1% of it (the concentration estimate of the analysis).',
  })
  belowOnePercent!: boolean;
}

@ObjectType({
  description: "A version of a product's ingredient list: every list a product had is kept, numbered from 1.",
})
export class IngredientListVersion {
  @Field(() => ID)
  id!: string;

  @Field(() => Int)
  version!: number;

  @Field({ description: 'The list as written.' })
  ingredientList!: string;

  @Field(() => ListVersionSource)
  source!: ListVersionSource;

  @Field({ description: "When this list became the product's." })
  createdAt!: Date;

  @Field(() => [IngredientListVersionEntry])
  entries!: IngredientListVersionEntry[];

  authorId!: string | null;
}

@ObjectType()
export class IngredientListVersionPage extends Page(IngredientListVersion) {}

@ObjectType({ description: 'An entry that changed between two versions.' })
export class IngredientListChange {
  ingredientId!: string | null;

  @Field({ description: 'As printed in the newer version (the older one for a removed entry).' })
  input!: string;

  @Field(() => Int, { nullable: true, description: 'Position in the older version; null when added.' })
  fromPosition!: number | null;

  @Field(() => Int, { nullable: true, description: 'Position in the newer version; null when removed.' })
  toPosition!: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Behind the 1% line in the older version.' })
  fromBelowOnePercent!: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Behind the 1% line in the newer version.' })
  toBelowOnePercent!: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: 'up (towards the top: there can be more of it) or down; for moved entries and 1% line crossings.',
  })
  direction!: string | null;
}

@ObjectType({
  description:
    "What changed from one version of a product's list to another. A renamed entry that is the same ingredient " +
    '("Aqua" → "Water") is no change.',
})
export class IngredientListDiff {
  @Field(() => Int)
  from!: number;

  @Field(() => Int)
  to!: number;

  @Field({ description: 'Nothing added, removed, moved or across the 1% line.' })
  identical!: boolean;

  @Field(() => [IngredientListChange])
  added!: IngredientListChange[];

  @Field(() => [IngredientListChange])
  removed!: IngredientListChange[];

  @Field(() => [IngredientListChange], {
    description: 'Entries whose order among the entries both versions share changed.',
  })
  moved!: IngredientListChange[];

  @Field(() => [IngredientListChange], {
    description: 'Entries on the other side of the 1% line now (direction up: now above it).',
  })
  crossedOnePercent!: IngredientListChange[];

  productId!: string;
}

@ObjectType({ description: 'Why a change concerns the caller.' })
export class ReformulationReason {
  @Field({
    description:
      'negative_added, negative_moved_up, positive_removed, positive_moved_down, profile_caution or routine_clash',
  })
  kind!: string;

  @Field()
  message!: string;

  ingredientId!: string | null;

  @Field(() => ID, { nullable: true, description: "The caller's routine the clash is in (routine_clash)." })
  routineId!: string | null;
}

@ObjectType({
  description:
    'A change of a product the caller favours or has in a routine, that touches their feelings, skin profile or ' +
    'routine.',
})
export class ReformulationAlertView {
  @Field(() => ID)
  id!: string;

  @Field()
  createdAt!: Date;

  @Field(() => Int)
  fromVersion!: number;

  @Field(() => Int)
  toVersion!: number;

  @Field(() => [ReformulationReason])
  reasons!: ReformulationReason[];

  @Field(() => Date, { nullable: true })
  readAt!: Date | null;

  @Field(() => Date, { nullable: true })
  dismissedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When a digest e-mail listed it.' })
  mailedAt!: Date | null;

  productId!: string;
}

@ObjectType()
export class ReformulationAlertPage extends Page(ReformulationAlertView) {}

@ObjectType({ description: "The caller's reformulation-watch settings." })
export class ReformulationSettingsView {
  @Field({ description: 'Whether unread alerts are e-mailed as a digest (default true).' })
  digestEnabled!: boolean;
}

@ObjectType({ description: "The answer to a digest's unsubscribe link." })
export class ReformulationUnsubscribed {
  @Field()
  username!: string;

  @Field()
  digestEnabled!: boolean;
}
