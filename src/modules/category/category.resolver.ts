import { Arg, Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Breadcrumb, BreadcrumbTrail, categoryCrumb } from './breadcrumb.js';
import { ProductCategory } from './category.entity.js';
import { categoryTrail, getCategory, listCategories } from './category.service.js';
import { ProductCategoryPage } from './category.types.js';
import { CategoryListArgs } from './category.input.js';

@Resolver(() => ProductCategory)
export class CategoryResolver {
  // Queries
  @Query(() => ProductCategory, { description: 'One product category by id or alias.' })
  productCategory(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<ProductCategory> {
    return getCategory(ctx.em, idOrAlias);
  }

  @Query(() => ProductCategoryPage, { description: 'Product categories by name.' })
  productCategories(@Args() args: CategoryListArgs, @Ctx() ctx: Context) {
    return listCategories(ctx.em, args, args);
  }

  @Query(() => BreadcrumbTrail, { description: 'The path from the top of the tree to this category.' })
  async productCategoryBreadcrumbs(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<BreadcrumbTrail> {
    const category = await getCategory(ctx.em, idOrAlias);
    return { items: (await categoryTrail(ctx.em, category.id)).map(categoryCrumb), nextCursor: null };
  }

  // Field resolvers
  @FieldResolver(() => ProductCategory, { nullable: true })
  parent(@Root() category: ProductCategory, @Ctx() ctx: Context) {
    return category.parent ? ctx.loaders.categoryById.load(category.parent.id) : null;
  }

  @FieldResolver(() => [ProductCategory])
  children(@Root() category: ProductCategory, @Ctx() ctx: Context) {
    return ctx.loaders.categoriesByParent.load(category.id);
  }
}

export { Breadcrumb };
