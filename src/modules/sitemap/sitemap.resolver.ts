import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { ingredientSitemap, productSitemap, routineSitemap } from './sitemap.service.js';

@Resolver()
export class SitemapResolver {
  // Queries
  @Query(() => String, { description: 'sitemaps.org XML of the published products.' })
  productSitemap(
    @Ctx() ctx: Context,
    @Arg('page', () => Int, { nullable: true }) page?: number | null,
  ): Promise<string> {
    return productSitemap(ctx.em, ctx.publicUrl, page);
  }

  @Query(() => String, { description: 'sitemaps.org XML of the ingredients.' })
  ingredientSitemap(
    @Ctx() ctx: Context,
    @Arg('page', () => Int, { nullable: true }) page?: number | null,
  ): Promise<string> {
    return ingredientSitemap(ctx.em, ctx.publicUrl, page);
  }

  @Query(() => String, { description: 'sitemaps.org XML of the published routines.' })
  routineSitemap(
    @Ctx() ctx: Context,
    @Arg('page', () => Int, { nullable: true }) page?: number | null,
  ): Promise<string> {
    return routineSitemap(ctx.em, ctx.publicUrl, page);
  }
}
