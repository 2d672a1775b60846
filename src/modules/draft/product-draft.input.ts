// The GraphQL arguments and inputs ProductDraftResolver takes.
import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '../shared/pagination.js';
import { ProductDraftStatus } from './product-draft.entity.js';

@ArgsType()
export class DraftFieldArgs {
  @Field(() => String, {
    nullable: true,
    description: 'The product it corrects (id or alias); omit for a new product.',
  })
  product?: string | null;

  @Field(() => String, { nullable: true, description: 'Category id or alias.' })
  category?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'EAN-13, UPC-A or EAN-8, check digit verified.' })
  barcode?: string | null;
}

@ArgsType()
export class CreateDraftArgs extends DraftFieldArgs {
  @Field()
  name!: string;

  @Field({ description: "An existing brand's id or alias, or the name of a brand not in the catalog yet." })
  brand!: string;

  @Field({ description: 'The ingredient list as printed on the label.' })
  ingredientList!: string;
}

@ArgsType()
export class UpdateDraftArgs extends DraftFieldArgs {
  @Field()
  id!: string;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  brand?: string | null;

  @Field(() => String, { nullable: true })
  ingredientList?: string | null;
}

@ArgsType()
export class DraftQueueArgs extends PageArgs {
  @Field(() => ProductDraftStatus, { nullable: true, description: 'pending (default) or approved.' })
  status?: ProductDraftStatus | null;
}
