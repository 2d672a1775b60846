import { Field, Float, Int, ObjectType } from 'type-graphql';
import { Ingredient } from '../ingredient/ingredient.entity.js';

@ObjectType({
  description: 'How much of an ingredient the list can hold, in % of the product, and why.',
  simpleResolvers: true,
})
export class ConcentrationEstimate {
  @Field(() => Float)
  min!: number;

  @Field(() => Float)
  max!: number;

  @Field({ description: 'What the estimate rests on, in plain words.' })
  basis!: string;
}

@ObjectType({
  description: 'What EU cosmetics law (Regulation (EC) No 1223/2009 and its amendments) says about an ingredient.',
  simpleResolvers: true,
})
export class RegulatoryNote {
  @Field({
    description:
      'fragrance_allergen, fragrance_allergen_2023, prohibited, restricted, colorant, preservative, uv_filter or ' +
      'uv_filter_not_permitted',
  })
  class!: string;

  @Field({
    description:
      "substance: the entry's own substance; may_concern: a name the entry only may concern (its condition says when), never a prohibition.",
  })
  relation!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'What limits the entry, in the annex\'s words ("except for normal content in natural essences used", "(nano)").',
  })
  condition!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The conditions of use and label warnings the annex requires, in its words.',
  })
  warnings!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The products the entry allows, when this product is outside them.',
  })
  allowedIn!: string | null;

  @Field({ description: 'The act, annex, entry and Official Journal reference.' })
  source!: string;

  @Field({ description: 'Annex of Regulation (EC) No 1223/2009: II, III, IV, V or VI.' })
  annex!: string;

  @Field(() => String, { nullable: true, description: 'Reference number in the annex; null where not recorded.' })
  entry!: string | null;

  @Field({ description: 'Date of the text used (its publication in the Official Journal), YYYY-MM-DD.' })
  published!: string;

  @Field(() => Float, { nullable: true, description: 'The maximum for this kind of product, in %.' })
  maxPercent!: number | null;

  @Field(() => String, { nullable: true, description: "The products the maximum is for, in the annex's words." })
  products!: string | null;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field({ description: 'The printed amount is above the maximum.' })
  exceeded!: boolean;
}

@ObjectType({ description: 'An entry of the list that raises a flag.', simpleResolvers: true })
export class FlaggedEntry {
  @Field(() => Int)
  position!: number;

  @Field()
  input!: string;

  @Field(() => Ingredient)
  ingredient!: Ingredient;
}

@ObjectType({ description: 'A flag the list raises, with the entries raising it.', simpleResolvers: true })
export class FlagSummary {
  @Field()
  flag!: string;

  @Field()
  label!: string;

  @Field(() => [FlaggedEntry])
  entries!: FlaggedEntry[];
}

@ObjectType({
  description: 'Something EU law says about the list: a prohibited substance, a printed amount above a maximum.',
  simpleResolvers: true,
})
export class RegulatoryAlert {
  @Field(() => Int)
  position!: number;

  @Field()
  input!: string;

  @Field()
  message!: string;
}

@ObjectType({ description: 'One part of a kit or set, read as a product of its own.', simpleResolvers: true })
export class PartReading {
  @Field({ description: 'The part as printed ("Toner", "Step 2 Toner").' })
  part!: string;

  @Field({ description: 'leave_on or rinse_off: how this part was read.' })
  productType!: string;

  @Field({ description: 'Why this part was read as leave-on or rinse-off.' })
  productTypeBasis!: string;
}
