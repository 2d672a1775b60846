// The GraphQL arguments and inputs UserResolver takes.
import { ArgsType, Field } from 'type-graphql';

/** Flat arguments: omitted fields stay as they are (see SkinProfileChanges for why not an input object). */
@ArgsType()
export class ProfileChangesArgs {
  @Field(() => String, { nullable: true, description: '1-80 characters; null clears it.' })
  displayName?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 1,000 characters; null or "" clears it.' })
  bio?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 code; null clears it.' })
  country?: string | null;
}
