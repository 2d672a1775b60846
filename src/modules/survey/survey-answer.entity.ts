import { Entity, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { IdEntity } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';

/** A user's answer to one question of data/survey.yaml: one per user and question. */
@Entity()
@Unique({ properties: ['user', 'question'] })
export class SurveyAnswer extends IdEntity {
  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  /** The question's id in data/survey.yaml. */
  @Property({ type: 'text' })
  question!: string;

  /** The chosen answers (one for a single-choice question). */
  @Property({ type: 'json' })
  answers!: string[];

  @Property({ type: 'datetime' })
  answeredAt: Date = new Date();
}
