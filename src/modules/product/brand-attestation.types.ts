// The GraphQL object types BrandAttestationResolver returns.
import { Field, ObjectType } from 'type-graphql';
import { User } from '../user/user.entity.js';

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
