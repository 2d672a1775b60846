// Interest groups used where people look for them: experts who cover a group, their routines and
// their ingredient opinions. Only experts' groups are public ("what I cover"): a member's groups
// (pregnancy-safe, rosacea…) stay private and never filter anything others see.
import { Arg, Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { IngredientOpinion } from '../opinion/ingredient-opinion.entity.js';
import { IngredientOpinionPage } from '../opinion/ingredient-opinion.types.js';
import { getIngredient } from '../ingredient/ingredient.service.js';
import { paginate, PageArgs } from '../shared/pagination.js';
import { Supergroup, supergroupsOf } from '../user/supergroups.js';
import { checkedSupergroup, expertIdsCovering } from './supergroup-filters.service.js';
import { User, UserType } from '../user/user.entity.js';
import { UserPage } from '../user/user.types.js';

@Resolver(() => User)
export class SupergroupFilterResolver {
  // Queries
  @Query(() => UserPage, { description: 'Experts, newest first; with supergroup, those who cover it.' })
  experts(
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
    @Arg('supergroup', () => String, { nullable: true }) supergroup?: string | null,
  ) {
    const where =
      supergroup != null
        ? { userType: UserType.expert, supergroups: { $contains: [checkedSupergroup('supergroup', supergroup)] } }
        : { userType: UserType.expert };
    return paginate(ctx.em, User, where as never, { createdAt: 'desc', id: 'desc' }, page);
  }

  @Query(() => IngredientOpinionPage, {
    description:
      'Ingredient opinions by experts who cover a supergroup, newest edit first; optionally on one ingredient.',
  })
  async ingredientOpinionsBySupergroup(
    @Arg('supergroup') supergroup: string,
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
    @Arg('ingredient', () => String, { nullable: true, description: 'Ingredient id or alias.' }) ingredient?:
      | string
      | null,
  ) {
    const authors = await expertIdsCovering(ctx.em, checkedSupergroup('supergroup', supergroup));
    const ingredientId = ingredient ? (await getIngredient(ctx.em, ingredient)).id : null;
    return paginate(
      ctx.em,
      IngredientOpinion,
      { author: { $in: authors }, ...(ingredientId ? { ingredient: ingredientId } : {}) } as never,
      { updatedAt: 'desc', id: 'desc' },
      page,
    );
  }

  // Field resolvers
  @FieldResolver(() => [Supergroup], {
    nullable: true,
    description: 'The interest groups an expert covers (public for experts; null for other users).',
  })
  covers(@Root() user: User): Supergroup[] | null {
    return user.userType === UserType.expert ? supergroupsOf(user.supergroups ?? []) : null;
  }
}
