// The GraphQL arguments and inputs UnitResolver takes.
import { Field, Float, InputType } from 'type-graphql';

@InputType({ description: 'A new unit of measurement.' })
export class UnitOfMeasurementInput {
  @Field({ description: 'Lowercase slug; defaults to a slug of the symbol.', nullable: true })
  alias?: string;

  @Field()
  name!: string;

  @Field()
  symbol!: string;

  @Field({ description: 'volume, mass, count or length' })
  kind!: string;

  @Field(() => Float, { description: 'How many base units (ml, g, piece, cm) one of this unit is.' })
  toBase!: number;
}
