import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { Field, Float, ObjectType } from 'type-graphql';
import { ListedEntity } from '../shared/base.entity.js';

@Entity({ tableName: 'unit_of_measurement' })
@ObjectType({ description: 'A unit printed on labels (ml, g, fl oz…).' })
export class UnitOfMeasurement extends ListedEntity {
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
