// The GraphQL object types FollowResolver returns.
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { UserFollow } from './user-follow.entity.js';

@ObjectType()
export class UserFollowPage extends Page(UserFollow) {}

@ObjectType({ description: 'Whether the caller follows a user and is followed by them.' })
export class UserRelationship {
  @Field({ description: 'The id or username as asked.' })
  key!: string;

  @Field(() => ID, { nullable: true, description: 'Null when no user has this id or username.' })
  userId!: string | null;

  @Field({ description: 'The caller follows this user.' })
  following!: boolean;

  @Field({ description: 'This user follows the caller.' })
  followedBy!: boolean;
}

@ObjectType()
export class UserRelationshipPage extends Page(UserRelationship) {}

@ObjectType({ description: 'How many of the people the caller follows feel the same about an ingredient, and who.' })
export class FollowedIngredientFeeling {
  ingredientId!: string;
  userIds!: string[];

  @Field(() => Int)
  count!: number;
}

@ObjectType()
export class FollowedIngredientFeelingPage extends Page(FollowedIngredientFeeling) {}
