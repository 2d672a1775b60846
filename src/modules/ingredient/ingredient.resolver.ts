import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { eitherText } from '../search/parse.js';
import { Ingredient } from './ingredient.entity.js';
import { getIngredient, listIngredients } from './ingredient.service.js';
import { IngredientPage } from './ingredient.types.js';
import { IngredientListArgs } from './ingredient.input.js';

@Resolver(() => Ingredient)
export class IngredientResolver {
  // Queries
  @Query(() => Ingredient, { description: 'One ingredient by id or alias.' })
  ingredient(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<Ingredient> {
    return getIngredient(ctx.em, idOrAlias);
  }

  @Query(() => IngredientPage, { description: 'Ingredients by name, function, flag or group, by INCI name.' })
  ingredients(@Args() args: IngredientListArgs, @Ctx() ctx: Context) {
    return listIngredients(ctx.em, { ...args, search: eitherText('search', args.search, args.q) }, args);
  }
}
