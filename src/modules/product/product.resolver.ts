import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Float, Info, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { eitherText } from '../search/parse.js';
import { Brand } from '../brand/brand.entity.js';
import { Breadcrumb, BreadcrumbTrail, categoryCrumb } from '../category/breadcrumb.js';
import { ProductCategory } from '../category/category.entity.js';
import { categoryTrail } from '../category/category.service.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { PageArgs } from '../shared/pagination.js';
import { Product, ProductIngredient, ProductOffer } from './product.entity.js';
import type { ProductIngredientRow } from './product.loaders.js';
import { loadedOr } from '../shared/loaders.js';
import { primeDetail, primeJoined, productReadsShown, type ProductRow } from './product-rows.js';
import { getProduct, listProducts, listRecentProducts, lookupProduct, readProductDetail } from './product.service.js';
import { ProductPage, ProductSize } from './product.types.js';
import { ProductListArgs } from './product.input.js';

@Resolver(() => Product)
export class ProductResolver {
  // Queries
  @Query(() => Product, { description: 'One product by id or alias.' })
  async product(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<ProductRow> {
    // One statement: the row, its entries and image handed to the loaders its fields ask.
    return primeDetail(ctx.loaders, await readProductDetail(ctx.em, idOrAlias, ctx.viewer));
  }

  @Query(() => ProductPage, { description: 'Published products, by name; by relevance with `search`.' })
  async products(@Args() args: ProductListArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo) {
    const search = eitherText('search', args.search, args.q);
    return primeJoined(
      ctx.loaders,
      await listProducts(ctx.em, { ...args, search }, args, productReadsShown(ctx.em, info)),
    );
  }

  @Query(() => ProductPage, { description: 'Published products, most recently published first.' })
  async recentProducts(@Args() page: PageArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo) {
    return primeJoined(ctx.loaders, await listRecentProducts(ctx.em, page, productReadsShown(ctx.em, info)));
  }

  @Query(() => Product, { description: 'A product by barcode (EAN-13, UPC-A or EAN-8), or by brand and exact name.' })
  productLookup(
    @Ctx() ctx: Context,
    @Arg('barcode', () => String, { nullable: true }) barcode?: string | null,
    @Arg('brand', () => String, { nullable: true, description: 'Brand id or alias, with name.' }) brand?: string | null,
    @Arg('name', () => String, { nullable: true }) name?: string | null,
  ): Promise<Product> {
    return lookupProduct(ctx.em, ctx.viewer, { barcode, brand, name });
  }

  @Query(() => BreadcrumbTrail, { description: 'The category trail of a product, then the brand and the product.' })
  async productBreadcrumbs(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<BreadcrumbTrail> {
    const product = await getProduct(ctx.em, idOrAlias, ctx.viewer);
    const trail: Breadcrumb[] = product.category
      ? (await categoryTrail(ctx.em, product.category.id)).map(categoryCrumb)
      : [];
    const brand = product.brand.getEntity();
    trail.push({ kind: 'brand', id: brand.id, alias: brand.alias, name: brand.name, path: `/brands/${brand.alias}` });
    trail.push({
      kind: 'product',
      id: product.id,
      alias: product.alias,
      name: product.name,
      path: `/products/${product.alias}`,
    });
    return { items: trail, nextCursor: null };
  }

  // Field resolvers
  @FieldResolver(() => Brand)
  brand(@Root() product: Product | ProductRow, @Ctx() ctx: Context) {
    return loadedOr(product.brand, ctx.loaders.brandById);
  }

  @FieldResolver(() => ProductCategory, { nullable: true })
  category(@Root() product: Product | ProductRow, @Ctx() ctx: Context) {
    return product.category ? loadedOr(product.category, ctx.loaders.categoryById) : null;
  }

  @FieldResolver(() => ProductSize, { nullable: true })
  size(@Root() product: Product | ProductRow, @Ctx() ctx: Context): ProductSize | Promise<ProductSize> | null {
    if (product.sizeAmount == null) return null;
    const amount = product.sizeAmount;
    const unit = product.sizeUnit ? loadedOr(product.sizeUnit, ctx.loaders.unitById) : null;
    return unit instanceof Promise ? unit.then((loaded) => ({ amount, unit: loaded })) : { amount, unit };
  }

  @FieldResolver(() => [ProductIngredient], { description: "The label's entries in order, with what each matched." })
  ingredients(@Root() product: Product | ProductRow, @Ctx() ctx: Context) {
    return ctx.loaders.ingredientsByProduct.load(product.id);
  }

  @FieldResolver(() => [ProductOffer], { description: 'Retailer offers, cheapest first.' })
  offers(@Root() product: Product | ProductRow, @Ctx() ctx: Context) {
    return ctx.loaders.offersByProduct.load(product.id);
  }
}

@Resolver(() => ProductIngredient)
export class ProductIngredientResolver {
  // Field resolvers
  @FieldResolver(() => Ingredient, { nullable: true, description: 'Null exactly when match is none.' })
  ingredient(@Root() entry: ProductIngredientRow, @Ctx() ctx: Context) {
    // The loader attached the knowledge base's row: no lookup, no promise.
    if (!entry.ingredient || entry.ingredient instanceof Ingredient) return entry.ingredient;
    return ctx.loaders.ingredientById.load(entry.ingredient.id);
  }
}

@Resolver(() => ProductOffer)
export class ProductOfferResolver {
  // Field resolvers
  @FieldResolver(() => Float, { nullable: true })
  price(@Root() offer: ProductOffer): number | null {
    return offer.price == null ? null : Number(offer.price);
  }
}
