// The GraphQL object types ProductSourceResolver returns.
import { Field, ObjectType } from 'type-graphql';

@ObjectType({
  description: 'The open database a product was imported from, with the attribution its licence requires.',
})
export class ProductSource {
  @Field({ description: 'The source\'s name, e.g. "Open Beauty Facts".' })
  name!: string;

  @Field({ description: "The product's code in the source (its barcode as the source writes it)." })
  code!: string;

  @Field({ description: "The product's page at the source." })
  url!: string;

  @Field({ description: 'SPDX identifier of the data licence, e.g. "ODbL-1.0".' })
  licence!: string;

  @Field()
  licenceUrl!: string;

  @Field({ description: 'One sentence to show with the product: where its data comes from and under which licence.' })
  attribution!: string;

  @Field(() => Date, { nullable: true, description: 'When the source last changed the product.' })
  lastModifiedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When our import last wrote the product.' })
  importedAt!: Date | null;

  @Field({ description: 'True when someone edited the product here after the import: later imports leave it alone.' })
  editedHere!: boolean;
}
