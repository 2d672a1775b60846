import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Page, PageArgs } from '../shared/pagination.js';
import { Brand } from './brand.entity.js';
import { getBrand, listBrands } from './brand.service.js';
import { User } from '../user/user.entity.js';

@ObjectType()
export class BrandPage extends Page(Brand) {}

@ArgsType()
class BrandListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Part of the brand name.' })
  search?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 country code.' })
  country?: string | null;
}

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

  // Field resolvers
  @FieldResolver(() => User, { nullable: true, description: 'The brand user who manages it.' })
  owner(@Root() brand: Brand, @Ctx() ctx: Context) {
    return brand.owner ? ctx.loaders.userById.load(brand.owner.id) : null;
  }
}
