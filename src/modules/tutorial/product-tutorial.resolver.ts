import { Arg, Args, Authorized, Ctx, FieldResolver, Float, Query, Mutation, Resolver, Root } from 'type-graphql';
import { userOrLoad } from '../user/user-rows.js';
import type { Context } from '../../context.js';
import { Product } from '../product/product.entity.js';
import { PageArgs } from '../shared/pagination.js';
import { User } from '../user/user.entity.js';
import { ProductTutorial, ProductTutorialInstruction, ProductTutorialWarning } from './product-tutorial.entity.js';
import {
  addInstruction,
  addWarning,
  createTutorial,
  deleteInstruction,
  deleteWarning,
  featuredTutorial,
  getTutorial,
  listInstructions,
  listTutorials,
  listWarnings,
  myTutorials,
  publishTutorial,
  setGeneralInfo,
  setMediaUrl,
  setQuantity,
  userTutorials,
} from './product-tutorial.service.js';
import {
  ProductTutorialInstructionPage,
  ProductTutorialPage,
  ProductTutorialWarningPage,
  TutorialQuantity,
} from './product-tutorial.types.js';
import { NewTutorialArgs, TutorialInfoArgs, TutorialListArgs } from './product-tutorial.input.js';

@Resolver(() => ProductTutorial)
export class ProductTutorialResolver {
  // Queries
  @Query(() => ProductTutorialPage, { description: 'Published tutorials, newest first.' })
  productTutorials(@Args() args: TutorialListArgs, @Ctx() ctx: Context) {
    return listTutorials(ctx.em, ctx.viewer, args, args);
  }

  @Query(() => ProductTutorial, { description: 'One tutorial; drafts only for their author, moderators and admins.' })
  productTutorial(@Arg('id') id: string, @Ctx() ctx: Context) {
    return getTutorial(ctx.em, id, ctx.viewer);
  }

  @Query(() => ProductTutorialInstructionPage, { description: "A tutorial's instructions in order." })
  productTutorialInstructions(@Arg('id') id: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return listInstructions(ctx.em, id, ctx.viewer, page);
  }

  @Query(() => ProductTutorialWarningPage, { description: "A tutorial's warnings, oldest first." })
  productTutorialWarnings(@Arg('id') id: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return listWarnings(ctx.em, id, ctx.viewer, page);
  }

  @Query(() => ProductTutorial, {
    description:
      "A product's featured tutorial: the published one with a media URL and the most instructions (ties: newest).",
  })
  featuredProductTutorial(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context) {
    return featuredTutorial(ctx.em, idOrAlias, ctx.viewer);
  }

  @Authorized()
  @Query(() => ProductTutorialPage, { description: "The caller's tutorials, drafts included, newest first." })
  myProductTutorials(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return myTutorials(ctx.em, ctx.viewer!, page);
  }

  @Query(() => ProductTutorialPage, {
    description: "A user's published tutorials (drafts too for the user and moderators), newest first.",
  })
  userProductTutorials(@Arg('idOrUsername') idOrUsername: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return userTutorials(ctx.em, idOrUsername, ctx.viewer, page);
  }

  // Mutations
  @Authorized()
  @Mutation(() => ProductTutorial, { description: 'Starts a tutorial of a product, as a draft.' })
  createProductTutorial(@Args() args: NewTutorialArgs, @Ctx() ctx: Context) {
    return createTutorial(ctx.em, ctx.viewer!, args);
  }

  @Authorized()
  @Mutation(() => ProductTutorial, {
    description: 'Changes title, description, frequency and time of day (fields left out stay).',
  })
  setProductTutorialGeneralInfo(@Arg('id') id: string, @Args() info: TutorialInfoArgs, @Ctx() ctx: Context) {
    return setGeneralInfo(ctx.em, id, ctx.viewer!, info);
  }

  @Authorized()
  @Mutation(() => ProductTutorial, { description: 'Sets the media URL (https only).' })
  setProductTutorialMediaUrl(@Arg('id') id: string, @Arg('mediaUrl') mediaUrl: string, @Ctx() ctx: Context) {
    return setMediaUrl(ctx.em, id, ctx.viewer!, mediaUrl);
  }

  @Authorized()
  @Mutation(() => ProductTutorial, { description: 'Sets how much to use: an amount above 0 and a unit (id or alias).' })
  setProductTutorialQuantity(
    @Arg('id') id: string,
    @Arg('amount', () => Float) amount: number,
    @Arg('unit') unit: string,
    @Ctx() ctx: Context,
  ) {
    return setQuantity(ctx.em, id, ctx.viewer!, amount, unit);
  }

  @Authorized()
  @Mutation(() => ProductTutorial, { description: 'Publishes a draft; CONFLICT unless a draft.' })
  publishProductTutorial(@Arg('id') id: string, @Ctx() ctx: Context) {
    return publishTutorial(ctx.em, id, ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => ProductTutorialInstruction, { description: 'Appends an instruction (position n + 1).' })
  createProductTutorialInstruction(@Arg('id') id: string, @Arg('text') text: string, @Ctx() ctx: Context) {
    return addInstruction(ctx.em, id, ctx.viewer!, text);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Removes an instruction; later ones move up.' })
  deleteProductTutorialInstruction(
    @Arg('id') id: string,
    @Arg('instructionId') instructionId: string,
    @Ctx() ctx: Context,
  ) {
    return deleteInstruction(ctx.em, id, instructionId, ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => ProductTutorialWarning, { description: 'Adds a warning.' })
  createProductTutorialWarning(@Arg('id') id: string, @Arg('text') text: string, @Ctx() ctx: Context) {
    return addWarning(ctx.em, id, ctx.viewer!, text);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Removes a warning.' })
  deleteProductTutorialWarning(@Arg('id') id: string, @Arg('warningId') warningId: string, @Ctx() ctx: Context) {
    return deleteWarning(ctx.em, id, warningId, ctx.viewer!);
  }

  // Field resolvers
  @FieldResolver(() => Product)
  async product(@Root() tutorial: ProductTutorial, @Ctx() ctx: Context): Promise<Product> {
    return (await ctx.loaders.productById.load(tutorial.product.id))!;
  }

  @FieldResolver(() => User, { description: 'Who wrote it (public profile).' })
  async author(@Root() tutorial: ProductTutorial, @Ctx() ctx: Context): Promise<User> {
    // List pages read the author with the tutorial (a row with User's properties); else the loader.
    return userOrLoad(tutorial.author, ctx.loaders.userById);
  }

  @FieldResolver(() => TutorialQuantity, { nullable: true, description: 'Null until set.' })
  async quantity(@Root() tutorial: ProductTutorial, @Ctx() ctx: Context): Promise<TutorialQuantity | null> {
    if (tutorial.quantityAmount == null || !tutorial.quantityUnit) return null;
    const unit = await ctx.loaders.unitById.load(tutorial.quantityUnit.id);
    return unit ? { amount: tutorial.quantityAmount, unit } : null;
  }

  @FieldResolver(() => [ProductTutorialInstruction], { description: 'Instructions in order.' })
  instructions(@Root() tutorial: ProductTutorial, @Ctx() ctx: Context) {
    return ctx.loaders.instructionsByTutorial.load(tutorial.id);
  }

  @FieldResolver(() => [ProductTutorialWarning])
  warnings(@Root() tutorial: ProductTutorial, @Ctx() ctx: Context) {
    return ctx.loaders.warningsByTutorial.load(tutorial.id);
  }
}
