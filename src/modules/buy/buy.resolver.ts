import { Arg, Ctx, Field, Mutation, ObjectType, Query, Resolver, UseMiddleware } from 'type-graphql';
import type { Context } from '../../context.js';
import { notFound, validationFailed } from '../../errors.js';
import { ProductOffer } from '../product/product.entity.js';
import { getProduct } from '../product/product.service.js';
import { slugify } from '../shared/ids.js';
import { Transactional } from '../shared/transactional.js';
import { ProductBuyClick } from './buy-click.entity.js';

@ObjectType({ description: 'Where to buy a product: its retailer offers, cheapest first.' })
export class ProductOffers {
  @Field(() => [ProductOffer])
  items!: ProductOffer[];

  @Field(() => String, { nullable: true, description: 'Always null: all offers in one page.' })
  nextCursor!: string | null;
}

@ObjectType({ description: 'The retailer page a buy click leads to.' })
export class BuyRedirect {
  @Field()
  url!: string;

  @Field()
  retailer!: string;
}

@Resolver()
export class BuyResolver {
  // Queries
  @Query(() => ProductOffers, { description: 'Retailer offers of a product.' })
  async productOffers(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<ProductOffers> {
    const product = await getProduct(ctx.em, idOrAlias, ctx.viewer);
    return { items: await ctx.loaders.offersByProduct.load(product.id), nextCursor: null };
  }

  // Mutations
  @UseMiddleware(Transactional)
  @Mutation(() => BuyRedirect, { description: 'Records a click through to a retailer and gives its URL (the cheapest offer unless one is named).' })
  async recordBuyClick(
    @Arg('idOrAlias') idOrAlias: string,
    @Ctx() ctx: Context,
    @Arg('retailer', () => String, { nullable: true, description: 'Retailer name or its slug.' }) retailer?: string | null,
  ): Promise<BuyRedirect> {
    const product = await getProduct(ctx.em, idOrAlias, ctx.viewer);
    const offers = await ctx.em.find(ProductOffer, { product: product.id }, { orderBy: { price: 'asc', retailer: 'asc' } });
    if (offers.length === 0) throw notFound('Offer for product', idOrAlias);
    const offer = retailer ? offers.find((o) => slugify(o.retailer) === slugify(retailer)) : offers[0];
    if (!offer) throw validationFailed('retailer', `No offer from "${retailer}" (offers: ${offers.map((o) => o.retailer).join(', ')})`);
    ctx.em.create(ProductBuyClick, { offer: offer.id, user: ctx.viewer?.id ?? null, createdAt: new Date() });
    await ctx.em.flush();
    return { url: offer.url, retailer: offer.retailer };
  }
}
