import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { addShelfAnalysis, deleteShelfItem, listShelf, setShelfItem } from './shelf.service.js';
import { SavedShelfItem, ShelfItemChanges, ShelfItemPage, ShelfItemView } from './shelf.types.js';

@Resolver(() => ShelfItemView)
export class ShelfResolver {
  // Queries
  @Authorized()
  @Query(() => ShelfItemPage, { description: "The caller's shelf: what they own, oldest first." })
  myShelf(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return listShelf(ctx.em, ctx.viewer!, page);
  }

  // Mutations
  @Authorized()
  @Mutation(() => SavedShelfItem, {
    description:
      "Puts a catalog product on the caller's shelf, or changes the item already there (created says which); omitted " +
      'fields stay, null clears one. NOT_FOUND for an unknown product; CONFLICT when adding to a full shelf (60 items).',
  })
  setShelfItem(
    @Arg('product', { description: 'Product id or alias.' }) product: string,
    @Args() changes: ShelfItemChanges,
    @Ctx() ctx: Context,
  ) {
    return setShelfItem(ctx.em, ctx.viewer!, product, changes);
  }

  @Authorized()
  @Mutation(() => SavedShelfItem, {
    description:
      "Puts an analysed list (a product the catalog lacks) on the caller's shelf by its analysis token, or changes the " +
      'item already there for that list (created says which). NOT_FOUND for an unknown token; CONFLICT when adding to ' +
      'a full shelf (60 items).',
  })
  addShelfAnalysis(
    @Arg('token', { description: 'The token of an analysis (POST /analyze/ingredient_list answers it).' })
    token: string,
    @Args() changes: ShelfItemChanges,
    @Ctx() ctx: Context,
  ) {
    return addShelfAnalysis(ctx.em, ctx.viewer!, token, changes);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "Takes an item off the caller's shelf (NOT_FOUND for anyone else's)." })
  deleteShelfItem(@Arg('id') id: string, @Ctx() ctx: Context) {
    return deleteShelfItem(ctx.em, ctx.viewer!, id);
  }
}
