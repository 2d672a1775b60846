// The GraphQL object types FeedbackModerationResolver returns.
import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'One field an accepted correction changed (values as JSON).' })
export class FeedbackChange {
  @Field()
  field!: string;

  @Field({ description: 'The value before, as JSON.' })
  from!: string;

  @Field({ description: 'The value after, as JSON.' })
  to!: string;
}
