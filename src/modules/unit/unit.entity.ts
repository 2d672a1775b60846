import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Float, ID, ObjectType } from 'type-graphql';
import { newId } from '../shared/ids.js';

@Entity({ tableName: 'unit_of_measurement' })
@ObjectType({ description: 'A unit printed on labels (ml, g, fl oz…).' })
export class UnitOfMeasurement {
  @PrimaryKey({ type: 'uuid' })
  @Field(() => ID)
  id: string = newId();

  @Property({ type: 'text', unique: true })
  @Field()
  alias!: string;

  @Property({ type: 'text' })
  @Field()
  name!: string;

  @Property({ type: 'text' })
  @Field()
  symbol!: string;

  @Property({ type: 'text' })
  @Field({ description: 'volume, mass, count or length' })
  kind!: string;

  @Property({ type: 'text' })
  @Field({ description: 'The base unit of its kind: ml, g, piece or cm.' })
  base!: string;

  @Property({ type: 'double' })
  @Field(() => Float, { description: 'How many base units one of this unit is.' })
  toBase!: number;
}
