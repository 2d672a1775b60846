// The GraphQL arguments and inputs ProductWriteResolver takes.
import { ArgsType, Field, Float } from 'type-graphql';

// Flat arguments, as for every write here: see BrandChangesArgs.
@ArgsType()
export class NewProductArgs {
  @Field()
  name!: string;

  @Field({ description: 'Brand id or alias.' })
  brand!: string;

  @Field(() => String, { nullable: true, description: 'Category id or alias.' })
  category?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'EAN-13, UPC-A or EAN-8.' })
  barcode?: string | null;

  @Field(() => Float, { nullable: true })
  sizeAmount?: number | null;

  @Field(() => String, { nullable: true, description: 'Unit id or alias (ml, g, fl-oz…).' })
  sizeUnit?: string | null;

  @Field({ description: 'The ingredient list as printed.' })
  ingredientList!: string;
}
