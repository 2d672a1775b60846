import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { paginate } from '../shared/pagination.js';
import { getUser } from '../user/user.service.js';
import { transferBrand, updateBrand } from './brand-write.service.js';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { Brand } from './brand.entity.js';
import { getBrand, listBrands } from './brand.service.js';
import { User } from '../user/user.entity.js';
import { BrandPage } from './brand.types.js';
import { BrandChangesArgs, BrandListArgs } from './brand.input.js';

@Resolver(() => Brand)
export class BrandResolver {
  // Queries
  @Query(() => Brand, { description: 'One brand by id or alias.' })
  brand(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context): Promise<Brand> {
    return getBrand(ctx.em, idOrAlias);
  }

  @Query(() => BrandPage, { description: 'Brands by name.' })
  brands(@Args() args: BrandListArgs, @Ctx() ctx: Context) {
    return listBrands(ctx.em, args, args);
  }

  @Query(() => BrandPage, { description: 'The brands a user owns.' })
  async userBrands(@Arg('idOrUsername') idOrUsername: string, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return paginate(
      ctx.em,
      Brand,
      { owner: (await getUser(ctx.em, idOrUsername)).id },
      { name: 'asc', id: 'asc' },
      page,
    );
  }

  // Mutations
  @Authorized()
  @Mutation(() => Brand, { description: 'Changes a brand (its owner or an admin); fields left out stay as they are.' })
  updateBrand(@Arg('idOrAlias') idOrAlias: string, @Args() changes: BrandChangesArgs, @Ctx() ctx: Context) {
    return updateBrand(ctx.em, idOrAlias, ctx.viewer!, changes);
  }

  @Authorized()
  @Mutation(() => Brand, { description: 'Hands a brand to another brand user (its owner or an admin).' })
  transferBrandOwnership(
    @Arg('idOrAlias') idOrAlias: string,
    @Arg('to', { description: 'User id or username.' }) to: string,
    @Ctx() ctx: Context,
  ) {
    return transferBrand(ctx.em, idOrAlias, ctx.viewer!, to);
  }

  // Field resolvers
  @FieldResolver(() => User, { nullable: true, description: 'The brand user who manages it.' })
  owner(@Root() brand: Brand, @Ctx() ctx: Context) {
    return brand.owner ? ctx.loaders.userById.load(brand.owner.id) : null;
  }
}
