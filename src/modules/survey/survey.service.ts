// The intake survey of a user: the questions of data/survey.yaml with the user's answers, and
// answering it (which writes the skin profile the answers feed).
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { EntityManager } from '../../db.js';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { conflict, validationFailed } from '../../errors.js';
import { readYaml } from '../knowledge/yaml-data.js';
import { paginateList, type PageArgs } from '../shared/pagination.js';
import { IntakeDecision, type StoredSkinProfile, type User } from '../user/user.entity.js';
import { getUser, ownUser } from '../user/user.service.js';
import {
  answersFromProfile,
  checkAnswer,
  checkSurvey,
  clearedPatch,
  profilePatch,
  type SurveyDef,
} from './engine/survey.js';
import { SurveyAnswer } from './survey-answer.entity.js';

@ObjectType({ description: 'An allowed answer to a survey question.' })
export class SurveyOption {
  @Field({ description: 'What clients send.' })
  value!: string;

  @Field()
  label!: string;

  @Field({ description: 'Cannot be combined with other answers (e.g. "none").' })
  exclusive!: boolean;
}

@ObjectType({ description: "A question of the intake survey, with the user's answers." })
export class SurveyQuestion {
  @Field()
  id!: string;

  @Field()
  text!: string;

  @Field({ description: 'single (exactly one answer) or multiple (one or more).' })
  kind!: string;

  @Field({ description: 'The skin-profile field an answer sets.' })
  feeds!: string;

  @Field(() => [SurveyOption])
  options!: SurveyOption[];

  @Field(() => [String], { nullable: true, description: "The user's answers; null when unanswered." })
  answers!: string[] | null;

  @Field(() => Date, { nullable: true })
  answeredAt!: Date | null;

  @Field({ description: 'The answers come from the skin profile (set without the survey), not from a survey answer.' })
  fromSkinProfile!: boolean;
}

@ObjectType({ description: 'The intake survey as one user has answered it.' })
export class Survey {
  @Field()
  id!: string;

  @Field()
  title!: string;

  @Field(() => Int)
  questionCount!: number;

  @Field(() => Int)
  answeredCount!: number;

  @Field(() => [SurveyQuestion])
  questions!: SurveyQuestion[];
}

@ObjectType({ description: 'Whether the user takes or skips the intake survey, and how far they got.' })
export class IntakeStatus {
  @Field(() => IntakeDecision)
  decision!: IntakeDecision;

  @Field(() => Date, { nullable: true })
  decidedAt!: Date | null;

  @Field(() => Int)
  questionCount!: number;

  @Field(() => Int)
  answeredCount!: number;
}

@InputType({ description: 'The answers to one question.' })
export class SurveyAnswerInput {
  @Field({ description: 'The question id.' })
  question!: string;

  @Field(() => [String], {
    description: 'One value for a single-choice question, one or more for a multiple-choice one.',
  })
  values!: string[];
}

let survey: SurveyDef | null = null;

/** data/survey.yaml, checked; read once per process. */
export function loadSurvey(): SurveyDef {
  survey ??= checkSurvey(readYaml('survey.yaml'));
  return survey;
}

async function answersOf(em: EntityManager, userId: string): Promise<Map<string, SurveyAnswer>> {
  const rows = await em.find(SurveyAnswer, { user: userId });
  return new Map(rows.map((r) => [r.question, r]));
}

/** The survey with the user's answers; a question answered through the skin profile alone counts as answered. */
function surveyView(answers: Map<string, SurveyAnswer>, profile: StoredSkinProfile | null | undefined): Survey {
  const def = loadSurvey();
  const questions = def.questions.map((q) => {
    const answer = answers.get(q.id);
    const fromProfile = answer ? null : answersFromProfile(q, profile as Record<string, unknown> | null | undefined);
    return {
      id: q.id,
      text: q.text,
      kind: q.kind,
      feeds: q.feeds,
      options: q.answers.map((a) => ({ value: a.value, label: a.label, exclusive: Boolean(a.exclusive) })),
      answers: answer?.answers ?? fromProfile,
      answeredAt: answer?.answeredAt ?? null,
      fromSkinProfile: fromProfile !== null,
    };
  });
  return {
    id: def.id,
    title: def.title,
    questionCount: questions.length,
    answeredCount: questions.filter((q) => q.answers).length,
    questions,
  };
}

/** A user's survey: the user and admins only. */
export async function surveyOfUser(em: EntityManager, idOrUsername: string, viewer: User): Promise<Survey> {
  const user = await ownUser(em, idOrUsername, viewer, 'see a skin-profile survey');
  return surveyView(await answersOf(em, user.id), user.skinProfile);
}

/** The answered or unanswered questions of a user's survey, in survey order. */
export async function surveyQuestions(
  em: EntityManager,
  idOrUsername: string,
  viewer: User,
  answered: boolean,
  page: PageArgs,
) {
  const view = await surveyOfUser(em, idOrUsername, viewer);
  return paginateList(
    view.questions.filter((q) => (q.answers !== null) === answered),
    (q) => q.id,
    page,
  );
}

function mergedProfile(user: User, patch: Partial<StoredSkinProfile>): StoredSkinProfile {
  return { ...(user.skinProfile ?? {}), ...patch } as StoredSkinProfile;
}

/**
 * Answers questions of the caller's survey. Every answer is checked first (VALIDATION_FAILED
 * naming `answers[i].question` or `answers[i].values`), so a bad one writes nothing; then each is
 * stored (replacing an earlier answer) and its skin-profile field updated.
 */
export async function answerSurvey(em: EntityManager, viewer: User, inputs: SurveyAnswerInput[]): Promise<Survey> {
  const def = loadSurvey();
  if (inputs.length === 0) throw validationFailed('answers', 'answers needs at least one answer');
  const byId = new Map(def.questions.map((q) => [q.id, q]));
  const seen = new Set<string>();
  const checked = inputs.map((input, i) => {
    const question = byId.get(input.question);
    if (!question)
      throw validationFailed(
        `answers[${i}].question`,
        `answers[${i}].question: unknown question "${input.question}"; one of ${[...byId.keys()].join(', ')}`,
      );
    if (seen.has(question.id))
      throw validationFailed(`answers[${i}].question`, `answers[${i}].question: ${question.id} is answered twice`);
    seen.add(question.id);
    const result = checkAnswer(question, input.values);
    if ('error' in result) throw validationFailed(`answers[${i}].values`, `answers[${i}].values: ${result.error}`);
    return { question, values: result.values };
  });
  const user = await getUser(em, viewer.id);
  const existing = await answersOf(em, user.id);
  const now = new Date();
  let patch: Partial<StoredSkinProfile> = {};
  for (const { question, values } of checked) {
    const row = existing.get(question.id);
    if (row) {
      row.answers = values;
      row.answeredAt = now;
    } else {
      existing.set(
        question.id,
        em.create(SurveyAnswer, { user: user.id, question: question.id, answers: values, answeredAt: now }),
      );
    }
    patch = { ...patch, ...(profilePatch(question, values) as Partial<StoredSkinProfile>) };
  }
  user.skinProfile = mergedProfile(user, patch);
  user.updatedAt = now;
  try {
    await em.flush();
  } catch (error) {
    // Only a concurrent first answer of the same user to the same question gets here.
    if (error instanceof UniqueConstraintViolationException)
      throw conflict('These answers were changed by another request at the same time: try again');
    throw error;
  }
  return surveyView(existing, user.skinProfile);
}

/** Forgets the caller's answers and the profile values they fed, not those set since on the skin profile (feelings visibility stays). */
export async function resetSurvey(em: EntityManager, viewer: User): Promise<Survey> {
  const user = await getUser(em, viewer.id);
  const answers = new Map([...(await answersOf(em, user.id))].map(([question, row]) => [question, row.answers]));
  await em.nativeDelete(SurveyAnswer, { user: user.id });
  user.skinProfile = mergedProfile(
    user,
    clearedPatch(loadSurvey(), {
      answers,
      profile: user.skinProfile as Record<string, unknown> | null,
    }) as Partial<StoredSkinProfile>,
  );
  user.updatedAt = new Date();
  await em.flush();
  return surveyView(new Map(), user.skinProfile);
}

export async function intakeStatus(em: EntityManager, user: User): Promise<IntakeStatus> {
  const answered = surveyView(await answersOf(em, user.id), user.skinProfile).answeredCount;
  return {
    decision: user.intakeDecision,
    decidedAt: user.intakeDecidedAt ?? null,
    questionCount: loadSurvey().questions.length,
    answeredCount: answered,
  };
}

export async function decideIntake(em: EntityManager, viewer: User, decision: IntakeDecision): Promise<IntakeStatus> {
  const user = await getUser(em, viewer.id);
  const now = new Date();
  user.intakeDecision = decision;
  user.intakeDecidedAt = decision === IntakeDecision.undecided ? null : now;
  user.updatedAt = now;
  await em.flush();
  return intakeStatus(em, user);
}
