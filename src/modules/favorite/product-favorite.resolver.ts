import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { bestInCategory } from './best-in.service.js';
import type { Context } from '../../context.js';
import { Product } from '../product/product.entity.js';
import { ProductPage } from '../product/product.types.js';
import { PageArgs, checkedLimit } from '../shared/pagination.js';
import { getUser } from '../user/user.service.js';
import {
  favoriteLookup,
  favoriteProduct,
  listFavoriteProducts,
  unfavoriteProduct,
} from './product-favorite.service.js';
import type { ProductRow } from '../product/product-rows.js';
import { FavoriteStatePage, RankedProductPage } from './product-favorite.types.js';

@Resolver(() => Product)
export class ProductFavoriteResolver {
  // Queries
  @Authorized()
  @Query(() => FavoriteStatePage, { description: 'Which of these products (ids or aliases) the caller favours.' })
  async productFavoriteLookup(
    @Arg('ids', () => [String]) ids: string[],
    @Ctx() ctx: Context,
  ): Promise<FavoriteStatePage> {
    return { items: await favoriteLookup(ctx.em, ctx.viewer!, ids), nextCursor: null };
  }

  @Authorized()
  @Query(() => ProductPage, { description: "The caller's favourite products, newest first." })
  myFavoriteProducts(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return listFavoriteProducts(ctx.em, ctx.viewer!.id, page);
  }

  @Query(() => ProductPage, { description: "A user's favourite products, newest first." })
  async userFavoriteProducts(@Arg('idOrUsername') idOrUsername: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return listFavoriteProducts(ctx.em, (await getUser(ctx.em, idOrUsername)).id, page);
  }

  // Mutations
  @Authorized()
  @Mutation(() => Product, { description: 'Favours a product (idempotent).' })
  favoriteProduct(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context) {
    return favoriteProduct(ctx.em, idOrAlias, ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Stops favouring a product (idempotent).' })
  unfavoriteProduct(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context) {
    return unfavoriteProduct(ctx.em, idOrAlias, ctx.viewer!);
  }

  // Field resolvers
  @FieldResolver(() => Int, { description: 'How many users favour it.' })
  favoriteCount(@Root() product: Product | ProductRow, @Ctx() ctx: Context) {
    return ctx.loaders.favoriteCountByProduct.load(product.id);
  }
}

@Resolver()
export class BestInCategoryResolver {
  // Queries
  @Query(() => RankedProductPage, { description: 'The best products of a category and its sub-categories.' })
  async bestInCategory(
    @Arg('idOrAlias') idOrAlias: string,
    @Args() args: PageArgs,
    @Ctx() ctx: Context,
  ): Promise<RankedProductPage> {
    return { items: await bestInCategory(ctx, idOrAlias, checkedLimit(args.limit)), nextCursor: null };
  }
}
