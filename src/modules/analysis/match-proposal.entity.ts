import { Entity, Enum, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { BaseEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';
import { IngredientAnalysis } from './analysis.entity.js';

export enum ProposalStatus {
  pending = 'pending',
  accepted = 'accepted',
  rejected = 'rejected',
}
registerEnumType(ProposalStatus, { name: 'ProposalStatus' });

/** "Input X of analysis :token is ingredient Y": accepted by a moderator, X becomes an other name of Y. */
@Entity()
@Index({ properties: ['status', 'createdAt'] })
@ObjectType({ description: "A user's proposal that an unmatched input names a known ingredient." })
export class IngredientMatchProposal extends BaseEntity {
  @ManyToOne(() => IngredientAnalysis, { ref: true, deleteRule: 'cascade' })
  analysis!: Ref<IngredientAnalysis>;

  @Property({ type: 'text' })
  @Field({ description: 'The input as printed on the label.' })
  input!: string;

  @ManyToOne(() => Ingredient, { ref: true, deleteRule: 'cascade' })
  ingredient!: Ref<Ingredient>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  proposer!: Ref<User>;

  @Enum({ items: () => ProposalStatus, nativeEnumName: 'proposal_status' })
  @Field(() => ProposalStatus)
  status: ProposalStatus = ProposalStatus.pending;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  reviewer?: Ref<User> | null;

  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, { nullable: true })
  reviewedAt?: Date | null;
}
