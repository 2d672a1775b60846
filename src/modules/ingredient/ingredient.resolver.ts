import { Arg, Args, ArgsType, Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { Page, PageArgs } from '../shared/pagination.js';
import { Ingredient } from './ingredient.entity.js';
import { getIngredient, listIngredients } from './ingredient.service.js';

@ObjectType()
export class IngredientPage extends Page(Ingredient) {}

@ArgsType()
class IngredientListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Part of the INCI name or of another name.' })
  search?: string | null;

  @Field(() => String, { nullable: true, description: 'A CosIng function, e.g. humectant.' })
  function?: string | null;

  @Field(() => String, { nullable: true, description: 'A flag, e.g. fragrance.' })
  flag?: string | null;

  @Field(() => String, { nullable: true, description: 'A group, e.g. retinoids.' })
  group?: string | null;
}

@Resolver(() => Ingredient)
export class IngredientResolver {
  // Queries
  @Query(() => Ingredient, { description: 'One ingredient by id or alias.' })
  ingredient(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<Ingredient> {
    return getIngredient(ctx.em, idOrAlias);
  }

  @Query(() => IngredientPage, { description: 'Ingredients by name, function, flag or group, by INCI name.' })
  ingredients(@Args() args: IngredientListArgs, @Ctx() ctx: Context) {
    return listIngredients(ctx.em, args, args);
  }
}
