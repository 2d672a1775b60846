import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Article, loadArticles } from '../article/article.js';
import { Product, ProductStatus } from '../product/product.entity.js';
import { Routine, RoutineStatus } from '../routine/routine.entity.js';
import { UserType } from '../user/user.entity.js';
import { FeaturedItem, FeaturedKind } from './featured-item.entity.js';
import { addFeatured, listFeatured, removeFeatured } from './featured.service.js';
import { FeaturedItemPage } from './featured.types.js';
import { AddFeaturedArgs } from './featured.input.js';

const publishedProduct = async (ctx: Context, item: FeaturedItem): Promise<Product | null> => {
  if (item.kind !== FeaturedKind.product) return null;
  const product = await ctx.loaders.productById.load(item.ref);
  return product && product.status === ProductStatus.published ? product : null;
};

const publishedRoutine = async (ctx: Context, item: FeaturedItem): Promise<Routine | null> => {
  if (item.kind !== FeaturedKind.routine) return null;
  const routine = await ctx.loaders.featuredRoutineById.load(item.ref);
  return routine && routine.status === RoutineStatus.published ? routine : null;
};

const articleOf = (item: FeaturedItem): Article | null =>
  item.kind === FeaturedKind.article ? (loadArticles().find((a) => a.alias === item.ref) ?? null) : null;

@Resolver(() => FeaturedItem)
export class FeaturedResolver {
  // Queries
  @Query(() => FeaturedItemPage, {
    description:
      'What the home screen shows, in curated order; items whose target is gone or unpublished are left out.',
  })
  async featured(
    @Ctx() ctx: Context,
    @Arg('kind', () => FeaturedKind, { nullable: true }) kind?: FeaturedKind | null,
  ): Promise<FeaturedItemPage> {
    const items = await listFeatured(ctx.em, kind ?? null);
    const shown = await Promise.all(
      items.map(async (item) =>
        (await publishedProduct(ctx, item)) || (await publishedRoutine(ctx, item)) || articleOf(item) ? item : null,
      ),
    );
    return { items: shown.filter((item): item is FeaturedItem => item !== null), nextCursor: null };
  }

  // Mutations
  @Authorized([UserType.admin])
  @Mutation(() => FeaturedItem, {
    description: 'Features a published product, a published routine or an article (admins).',
  })
  addFeaturedItem(@Args() args: AddFeaturedArgs, @Ctx() ctx: Context) {
    return addFeatured(ctx.em, ctx.viewer!, args);
  }

  @Authorized([UserType.admin])
  @Mutation(() => Boolean, { description: 'Takes an item off the home screen (admins).' })
  removeFeaturedItem(@Arg('id') id: string, @Ctx() ctx: Context) {
    return removeFeatured(ctx.em, id);
  }

  // Field resolvers
  @FieldResolver(() => Product, { nullable: true, description: 'Set when kind is product.' })
  product(@Root() item: FeaturedItem, @Ctx() ctx: Context) {
    return publishedProduct(ctx, item);
  }

  @FieldResolver(() => Routine, { nullable: true, description: 'Set when kind is routine.' })
  routine(@Root() item: FeaturedItem, @Ctx() ctx: Context) {
    return publishedRoutine(ctx, item);
  }

  @FieldResolver(() => Article, { nullable: true, description: 'Set when kind is article.' })
  article(@Root() item: FeaturedItem) {
    return articleOf(item);
  }
}
