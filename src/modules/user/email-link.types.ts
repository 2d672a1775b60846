// The GraphQL object types EmailLinkResolver returns.
import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'What an e-mailed link does, to whoever holds its token.' })
export class EmailLink {
  @Field({ description: 'email_change (a new address) or email_verification (the current one).' })
  purpose!: string;

  @Field({ description: 'The address the link was sent to.' })
  email!: string;

  @Field({ description: 'The account it is for.' })
  username!: string;

  @Field({ description: 'valid, used or expired.' })
  state!: string;

  @Field()
  expiresAt!: Date;
}
