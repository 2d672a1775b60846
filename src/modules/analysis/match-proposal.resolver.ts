import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { PageArgs } from '../shared/pagination.js';
import { UserType } from '../user/user.entity.js';
import { IngredientMatchProposal, ProposalStatus } from './match-proposal.entity.js';
import { listProposals, proposeMatch, reviewMatch } from './match-proposal.service.js';
import { IngredientMatchProposalPage } from './match-proposal.types.js';

@Resolver(() => IngredientMatchProposal)
export class MatchProposalResolver {
  // Queries
  @Authorized(UserType.moderator)
  @Query(() => IngredientMatchProposalPage, { description: 'Match proposals to review, oldest first (moderators).' })
  ingredientMatchProposals(
    @Arg('status', () => ProposalStatus, { defaultValue: ProposalStatus.pending }) status: ProposalStatus,
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return listProposals(ctx.em, status, page);
  }

  // Mutations
  @Authorized()
  @Mutation(() => IngredientMatchProposal, {
    description: 'Proposes that an input of an analysis is a known ingredient.',
  })
  proposeIngredientMatch(
    @Arg('token') token: string,
    @Arg('input') input: string,
    @Arg('ingredient', { description: 'Ingredient id or alias.' }) ingredient: string,
    @Ctx() ctx: Context,
  ) {
    return proposeMatch(ctx.em, token, input, ingredient, ctx.viewer!);
  }

  @Authorized(UserType.moderator)
  @Mutation(() => IngredientMatchProposal, {
    description: 'Accepts (the input becomes an other name) or rejects a proposal.',
  })
  reviewIngredientMatch(@Arg('id') id: string, @Arg('accept') accept: boolean, @Ctx() ctx: Context) {
    return reviewMatch(ctx.em, id, accept, ctx.viewer!);
  }

  // Field resolvers
  @FieldResolver(() => Ingredient)
  async ingredient(@Root() proposal: IngredientMatchProposal, @Ctx() ctx: Context): Promise<Ingredient> {
    return (await ctx.loaders.ingredientById.load(proposal.ingredient.id))!;
  }
}
