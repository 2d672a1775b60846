import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { PageArgs } from '../shared/pagination.js';
import { ProductPage } from './product.types.js';
import type { Context } from '../../context.js';
import { UserType } from '../user/user.entity.js';
import { Product } from './product.entity.js';
import { attestBrand, createProduct, deleteProduct, listMyProducts, publishProduct } from './product-write.service.js';
import { NewProductArgs } from './product-write.input.js';

@Resolver(() => Product)
export class ProductWriteResolver {
  // Queries
  @Authorized()
  @Query(() => ProductPage, { description: 'Products the caller added, newest first (drafts included).' })
  myProducts(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return listMyProducts(ctx.em, ctx.viewer!, page);
  }

  @Authorized(UserType.brand, UserType.moderator)
  @Mutation(() => Product, {
    description: 'Adds a product as a draft, its label analysed (brand users for their brands; moderators).',
  })
  createProduct(@Args() input: NewProductArgs, @Ctx() ctx: Context) {
    return createProduct(ctx.em, input, ctx.viewer!);
  }

  // Mutations
  @Authorized()
  @Mutation(() => Product, { description: 'Publishes a draft product (its author, the brand owner, moderators).' })
  publishProduct(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context) {
    return publishProduct(ctx.em, idOrAlias, ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => Product, { description: "The brand's owner confirms the product is theirs." })
  attestProductBrand(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context) {
    return attestBrand(ctx.em, idOrAlias, ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      'Deletes a product with its offers, list versions, favourites, reactions, tutorials and pitches (routines keep the step, without the product). ' +
      "Admins delete any product. The owner of the product's brand deletes one they added themselves while no one else has built on it " +
      "(a duplicate or mistaken entry): other people's reactions, favourites, routine steps, tutorials, pitches or drafts make it a CONFLICT, " +
      "because deleting it would take their work with it, and the decision an admin's. Anyone else: FORBIDDEN.",
  })
  deleteProduct(@Arg('id') id: string, @Ctx() ctx: Context) {
    return deleteProduct(ctx.em, id, ctx.viewer!);
  }
}
