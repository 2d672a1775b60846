import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { EditableEntity } from '../shared/base.entity.js';

export enum UserType {
  member = 'member',
  expert = 'expert',
  brand = 'brand',
  moderator = 'moderator',
  admin = 'admin',
}
registerEnumType(UserType, { name: 'UserType' });

/** The skin profile as stored on the user; absent fields are unknown (feelingsPublic defaults to true). */
export interface StoredSkinProfile {
  skinType?: string | null;
  concerns?: string[];
  pregnant?: boolean;
  feelingsPublic?: boolean;
  /** Fed by the survey (data/survey.yaml): what the person reacts to, wants, lives in. */
  sensitivities?: string[];
  goals?: string[];
  climate?: string | null;
  ageRange?: string | null;
  routineExperience?: string | null;
}

/** Whether a user takes the intake survey. */
export enum IntakeDecision {
  take = 'take',
  skip = 'skip',
  undecided = 'undecided',
}
registerEnumType(IntakeDecision, {
  name: 'IntakeDecision',
  description: 'Whether the user takes or skips the intake survey.',
});

@Entity({ tableName: 'app_user' })
@Index({ properties: ['createdAt', 'id'] })
@ObjectType({ description: 'A person using the service.' })
export class User extends EditableEntity {
  /** The identity provider's subject (`sub` claim). */
  @Property({ type: 'text', unique: true })
  subject!: string;

  @Property({ type: 'text', unique: true })
  @Field()
  username!: string;

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true })
  displayName?: string | null;

  /** Visible to its owner and admins only: the field resolver enforces it. */
  @Property({ type: 'text', nullable: true })
  email?: string | null;

  @Enum({ items: () => UserType, nativeEnumName: 'user_type' })
  @Field(() => UserType)
  userType: UserType = UserType.member;

  @Property({ type: 'text', default: '' })
  @Field()
  bio: string = '';

  @Property({ type: 'text', nullable: true })
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2 country code.' })
  country?: string | null;

  /** Skin type, concerns, pregnancy, feelings visibility: owner and admins only (modules/feeling/skin-profile.ts). */
  @Property({ type: 'json', nullable: true })
  skinProfile?: StoredSkinProfile | null;

  /** When the user proved the address (verification link or a confirmed change); owner and admins only. */
  @Property({ type: 'datetime', nullable: true })
  emailVerifiedAt?: Date | null;

  @Enum({ items: () => IntakeDecision, nativeEnumName: 'intake_decision', default: IntakeDecision.undecided })
  intakeDecision: IntakeDecision = IntakeDecision.undecided;

  @Property({ type: 'datetime', nullable: true })
  intakeDecidedAt?: Date | null;

  /** Interest groups (data/supergroups.yaml) the user joined; owner and admins only. */
  @Property({ type: 'json', default: '[]' })
  supergroups: string[] = [];

  /** Set when the identity provider deleted the user: personal data is anonymised, contributions stay. */
  @Property({ type: 'datetime', nullable: true })
  @Field(() => Date, { nullable: true, description: 'When the account was deleted (its personal data anonymised).' })
  deletedAt?: Date | null;
}
