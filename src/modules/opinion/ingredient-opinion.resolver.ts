import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { userOrLoad } from '../user/user-rows.js';
import type { Context } from '../../context.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { PageArgs } from '../shared/pagination.js';
import { User, UserType } from '../user/user.entity.js';
import { IngredientOpinion, IngredientOpinionEntry } from './ingredient-opinion.entity.js';
import {
  createOpinion,
  currentEntry,
  deleteOpinion,
  endorsedOpinions,
  endorseOpinion,
  featuredOpinion,
  getEntry,
  getOpinion,
  ingredientOpinions,
  myOpinions,
  opinionHistory,
  opinionsByHashtag,
  unendorseOpinion,
  updateOpinion,
  userOpinions,
} from './ingredient-opinion.service.js';
import { IngredientOpinionEntryPage, IngredientOpinionPage } from './ingredient-opinion.types.js';

const WRITERS = [UserType.expert, UserType.moderator];

@Resolver(() => IngredientOpinion)
export class IngredientOpinionResolver {
  // Queries
  @Query(() => IngredientOpinion, { description: 'One opinion by its uuid, with its current text.' })
  ingredientOpinion(@Arg('opinionUuid') uuid: string, @Ctx() ctx: Context) {
    return getOpinion(ctx.em, uuid);
  }

  @Query(() => IngredientOpinionEntry, { description: 'The newest entry (version) of an opinion.' })
  currentIngredientOpinionEntry(@Arg('opinionUuid') uuid: string, @Ctx() ctx: Context) {
    return currentEntry(ctx.em, uuid);
  }

  @Query(() => IngredientOpinionEntryPage, { description: 'Every entry of an opinion, newest first.' })
  ingredientOpinionHistory(@Arg('opinionUuid') uuid: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return opinionHistory(ctx.em, uuid, page);
  }

  @Query(() => IngredientOpinionEntry, { description: 'One entry by its uuid.' })
  ingredientOpinionEntry(@Arg('entryUuid') uuid: string, @Ctx() ctx: Context) {
    return getEntry(ctx.em, uuid);
  }

  @Query(() => IngredientOpinionPage, {
    description: 'Opinions whose current text has the hashtag (case-insensitive), newest edit first.',
  })
  ingredientOpinionsByHashtag(@Arg('hashtag') hashtag: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return opinionsByHashtag(ctx.em, hashtag, page);
  }

  @Query(() => IngredientOpinionPage, {
    description: "An ingredient's endorsed opinions, most endorsed first, then newest.",
  })
  endorsedIngredientOpinions(@Arg('idOrAlias') idOrAlias: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return endorsedOpinions(ctx.em, idOrAlias, page);
  }

  @Query(() => IngredientOpinionPage, {
    description:
      'Every opinion experts wrote on an ingredient, endorsed or not: the most endorsed first, then the newest.',
  })
  ingredientOpinions(@Arg('idOrAlias') idOrAlias: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return ingredientOpinions(ctx.em, idOrAlias, page);
  }

  @Query(() => IngredientOpinion, {
    description: "An ingredient's most endorsed opinion (ties: the newest); NOT_FOUND when none is endorsed.",
  })
  featuredIngredientOpinion(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context) {
    return featuredOpinion(ctx.em, idOrAlias);
  }

  @Authorized()
  @Query(() => IngredientOpinionPage, {
    description: "The caller's opinions (optionally on one ingredient), newest first.",
  })
  myIngredientOpinions(
    @Arg('ingredient', () => String, { nullable: true }) ingredient: string | null,
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return myOpinions(ctx.em, ctx.viewer!, ingredient ?? null, page);
  }

  @Query(() => IngredientOpinionPage, { description: "A user's opinions, newest first." })
  userIngredientOpinions(@Arg('idOrUsername') idOrUsername: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return userOpinions(ctx.em, idOrUsername, page);
  }

  // Mutations
  @Authorized(WRITERS)
  @Mutation(() => IngredientOpinion, {
    description:
      'Writes an opinion about an ingredient (experts, moderators, admins). Hashtags (#word) are read from the text.',
  })
  createIngredientOpinion(@Arg('ingredient') ingredient: string, @Arg('text') text: string, @Ctx() ctx: Context) {
    return createOpinion(ctx.em, ctx.viewer!, { ingredient, text });
  }

  @Authorized()
  @Mutation(() => IngredientOpinion, {
    description: 'A new version of the text (the author, moderators, admins); the uuid stays.',
  })
  updateIngredientOpinion(@Arg('opinionUuid') uuid: string, @Arg('text') text: string, @Ctx() ctx: Context) {
    return updateOpinion(ctx.em, uuid, ctx.viewer!, { text });
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Deletes an opinion with all its entries and endorsements (the author, moderators, admins).',
  })
  deleteIngredientOpinion(@Arg('opinionUuid') uuid: string, @Ctx() ctx: Context) {
    return deleteOpinion(ctx.em, uuid, ctx.viewer!);
  }

  @Authorized(WRITERS)
  @Mutation(() => IngredientOpinion, {
    description: "Endorses another expert's opinion (experts, moderators, admins; idempotent; not your own).",
  })
  endorseIngredientOpinion(@Arg('opinionUuid') uuid: string, @Ctx() ctx: Context) {
    return endorseOpinion(ctx.em, uuid, ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => IngredientOpinion, { description: "Withdraws the caller's endorsement (idempotent)." })
  unendorseIngredientOpinion(@Arg('opinionUuid') uuid: string, @Ctx() ctx: Context) {
    return unendorseOpinion(ctx.em, uuid, ctx.viewer!);
  }

  // Field resolvers
  @FieldResolver(() => Ingredient)
  async ingredient(@Root() opinion: IngredientOpinion, @Ctx() ctx: Context): Promise<Ingredient> {
    return (await ctx.loaders.ingredientById.load(opinion.ingredient.id))!;
  }

  @FieldResolver(() => User, { description: 'The expert who wrote it (public profile).' })
  async author(@Root() opinion: IngredientOpinion, @Ctx() ctx: Context): Promise<User> {
    // List pages read the author with the opinion (a row with User's properties); else the loader.
    return userOrLoad(opinion.author, ctx.loaders.userById);
  }
}

@Resolver(() => IngredientOpinionEntry)
export class IngredientOpinionEntryResolver {
  // Field resolvers
  @FieldResolver(() => IngredientOpinion)
  async opinion(@Root() entry: IngredientOpinionEntry, @Ctx() ctx: Context): Promise<IngredientOpinion> {
    return (await ctx.loaders.opinionById.load(entry.opinion.id))!;
  }

  @FieldResolver(() => User, { nullable: true, description: 'Who wrote this version: the author or a moderator.' })
  editor(@Root() entry: IngredientOpinionEntry, @Ctx() ctx: Context) {
    return entry.editor ? ctx.loaders.userById.load(entry.editor.id) : null;
  }
}
