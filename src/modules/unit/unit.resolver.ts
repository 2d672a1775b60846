import {
  Arg,
  Args,
  Authorized,
  Ctx,
  Field,
  Float,
  InputType,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import type { Context } from '../../context.js';
import { Page, PageArgs } from '../shared/pagination.js';
import { UserType } from '../user/user.entity.js';
import { UnitOfMeasurement } from './unit.entity.js';
import { createUnit, getUnit, listUnits } from './unit.service.js';

@ObjectType()
export class UnitOfMeasurementPage extends Page(UnitOfMeasurement) {}

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

@Resolver(() => UnitOfMeasurement)
export class UnitResolver {
  // Queries
  @Query(() => UnitOfMeasurementPage, { description: 'Units used on labels.' })
  unitOfMeasurements(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return listUnits(ctx.em, page);
  }

  @Query(() => UnitOfMeasurement, { description: 'One unit by id or alias.' })
  unitOfMeasurement(@Arg('id') id: string, @Ctx() ctx: Context) {
    return getUnit(ctx.em, id);
  }

  // Mutations
  @Authorized(UserType.admin)
  @Mutation(() => UnitOfMeasurement, { description: 'Adds a unit (admins).' })
  createUnitOfMeasurement(@Arg('input') input: UnitOfMeasurementInput, @Ctx() ctx: Context) {
    return createUnit(ctx.em, input);
  }
}
