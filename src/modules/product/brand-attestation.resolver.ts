import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { Product } from './product.entity.js';
import type { ProductRow } from './product-rows.js';
import { BrandAttestation } from './brand-attestation.types.js';

@Resolver(() => Product)
export class BrandAttestationResolver {
  // Field resolvers
  @FieldResolver(() => BrandAttestation, {
    nullable: true,
    description: "The brand's attestation; null until the brand's owner confirms the product.",
  })
  async brandAttestation(@Root() product: Product | ProductRow, @Ctx() ctx: Context): Promise<BrandAttestation | null> {
    if (!product.brandAttestedAt) return null;
    const by = product.brandAttestedBy?.id;
    return { attestedAt: product.brandAttestedAt, attestedBy: by ? await ctx.loaders.userById.load(by) : null };
  }
}
