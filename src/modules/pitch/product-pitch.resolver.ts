import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { IngredientOpinion } from '../opinion/ingredient-opinion.entity.js';
import { IngredientOpinionPage } from '../opinion/ingredient-opinion.types.js';
import { Product } from '../product/product.entity.js';
import { PageArgs } from '../shared/pagination.js';
import { User, UserType } from '../user/user.entity.js';
import { ProductPitch } from './product-pitch.entity.js';
import {
  addPitchOpinion,
  assignAffiliate,
  createPitch,
  listPitchOpinions,
  myPitches,
  removePitchOpinion,
} from './product-pitch.service.js';
import { ProductPitchPage } from './product-pitch.types.js';

@Resolver(() => ProductPitch)
export class ProductPitchResolver {
  // Queries
  @Query(() => IngredientOpinionPage, {
    description: 'The opinions attached to a pitch, in the order they were attached.',
  })
  productPitchIngredientOpinions(@Arg('id') id: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return listPitchOpinions(ctx.em, id, ctx.viewer, page);
  }

  @Authorized()
  @Query(() => ProductPitchPage, { description: "The caller's pitches, newest first." })
  myProductPitches(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return myPitches(ctx.em, ctx.viewer!, page);
  }

  // Mutations
  @Authorized([UserType.brand])
  @Mutation(() => ProductPitch, { description: 'Pitches a product of a brand the caller owns for routine step types.' })
  createProductPitch(
    @Arg('product') product: string,
    @Arg('stepTypes', () => [String]) stepTypes: string[],
    @Arg('message', () => String, { nullable: true }) message: string | null,
    @Ctx() ctx: Context,
  ) {
    return createPitch(ctx.em, ctx.viewer!, { product, stepTypes, message });
  }

  @Authorized()
  @Mutation(() => ProductPitch, {
    description: 'Sets the affiliate link (https) and the credited user (none when left out).',
  })
  assignProductPitchAffiliate(
    @Arg('id') id: string,
    @Arg('affiliateUrl') affiliateUrl: string,
    @Arg('affiliateUser', () => String, { nullable: true, description: 'User id or username.' }) affiliateUser:
      | string
      | null,
    @Ctx() ctx: Context,
  ) {
    return assignAffiliate(ctx.em, id, ctx.viewer!, { affiliateUrl, affiliateUser });
  }

  @Authorized()
  @Mutation(() => ProductPitch, {
    description: 'Attaches an ingredient opinion about an ingredient the product contains (idempotent).',
  })
  addProductPitchIngredientOpinion(
    @Arg('id') id: string,
    @Arg('opinionUuid') opinionUuid: string,
    @Ctx() ctx: Context,
  ) {
    return addPitchOpinion(ctx.em, id, ctx.viewer!, opinionUuid);
  }

  @Authorized()
  @Mutation(() => ProductPitch, { description: 'Detaches an ingredient opinion; NOT_FOUND when not attached.' })
  removeProductPitchIngredientOpinion(
    @Arg('id') id: string,
    @Arg('opinionUuid') opinionUuid: string,
    @Ctx() ctx: Context,
  ) {
    return removePitchOpinion(ctx.em, id, ctx.viewer!, opinionUuid);
  }

  // Field resolvers
  @FieldResolver(() => Product)
  async product(@Root() pitch: ProductPitch, @Ctx() ctx: Context): Promise<Product> {
    return (await ctx.loaders.productById.load(pitch.product.id))!;
  }

  @FieldResolver(() => User, { description: 'The brand user who pitched it.' })
  async author(@Root() pitch: ProductPitch, @Ctx() ctx: Context): Promise<User> {
    return (await ctx.loaders.userById.load(pitch.author.id))!;
  }

  @FieldResolver(() => User, { nullable: true, description: 'The user credited for sales through the affiliate link.' })
  affiliateUser(@Root() pitch: ProductPitch, @Ctx() ctx: Context) {
    return pitch.affiliateUser ? ctx.loaders.userById.load(pitch.affiliateUser.id) : null;
  }

  @FieldResolver(() => [IngredientOpinion], { description: 'Attached opinions, in the order they were attached.' })
  ingredientOpinions(@Root() pitch: ProductPitch, @Ctx() ctx: Context) {
    return ctx.loaders.opinionsByPitch.load(pitch.id);
  }
}
