import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { UserType } from '../user/user.entity.js';
import { UnitOfMeasurement } from './unit.entity.js';
import { createUnit, getUnit, listUnits } from './unit.service.js';
import { UnitOfMeasurementPage } from './unit.types.js';
import { UnitOfMeasurementInput } from './unit.input.js';

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
