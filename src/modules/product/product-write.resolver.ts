import { Arg, Authorized, Ctx, Mutation, Resolver, UseMiddleware } from 'type-graphql';
import type { Context } from '../../context.js';
import { Transactional } from '../shared/transactional.js';
import { UserType } from '../user/user.entity.js';
import { Product } from './product.entity.js';
import { attestBrand, deleteProduct, publishProduct } from './product-write.service.js';

@Resolver(() => Product)
export class ProductWriteResolver {
  // Mutations
  @Authorized()
  @UseMiddleware(Transactional)
  @Mutation(() => Product, { description: 'Publishes a draft product (its author, the brand owner, moderators).' })
  publishProduct(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context) {
    return publishProduct(ctx.em, idOrAlias, ctx.viewer!);
  }

  @Authorized()
  @UseMiddleware(Transactional)
  @Mutation(() => Product, { description: 'The brand\'s owner confirms the product is theirs.' })
  attestProductBrand(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context) {
    return attestBrand(ctx.em, idOrAlias, ctx.viewer!);
  }

  @Authorized(UserType.admin)
  @UseMiddleware(Transactional)
  @Mutation(() => Boolean, { description: 'Deletes a product (admins).' })
  deleteProduct(@Arg('id') id: string, @Ctx() ctx: Context) {
    return deleteProduct(ctx.em, id);
  }
}
