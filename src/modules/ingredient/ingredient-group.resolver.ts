import { Arg, Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { IngredientPage } from './ingredient.types.js';
import { getIngredientGroup, listGroupIngredients, listIngredientGroups } from './ingredient-group.service.js';
import { IngredientGroup, IngredientGroupPage } from './ingredient-group.types.js';

@Resolver(() => IngredientGroup)
export class IngredientGroupResolver {
  // Queries
  @Query(() => IngredientGroupPage, { description: 'Every ingredient group, with how many ingredients it has.' })
  async ingredientGroups(@Ctx() ctx: Context): Promise<IngredientGroupPage> {
    return { items: await listIngredientGroups(ctx.em), nextCursor: null };
  }

  @Query(() => IngredientGroup, { description: 'One ingredient group by alias.' })
  ingredientGroup(@Arg('alias') alias: string, @Ctx() ctx: Context): Promise<IngredientGroup> {
    return getIngredientGroup(ctx.em, alias);
  }

  // Field resolvers
  @FieldResolver(() => IngredientPage, { description: "The group's ingredients by INCI name." })
  ingredients(@Root() group: IngredientGroup, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return listGroupIngredients(ctx.em, group.alias, page);
  }
}
