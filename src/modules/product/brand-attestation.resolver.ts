import { Ctx, Field, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { User } from '../user/user.entity.js';
import { Product } from './product.entity.js';
import type { ProductRow } from './product-rows.js';

@ObjectType({ description: "The brand's confirmation that a product is theirs (PATCH /products/:id/attest_brand)." })
export class BrandAttestation {
  @Field()
  attestedAt!: Date;

  @Field(() => User, {
    nullable: true,
    description: "Who attested: the brand's owner at the time, or an admin; null once that account is gone.",
  })
  attestedBy!: User | null;
}

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
