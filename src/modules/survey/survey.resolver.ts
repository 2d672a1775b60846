import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { IntakeDecision } from '../user/user.entity.js';
import {
  answerSurvey,
  decideIntake,
  intakeStatus,
  IntakeStatus,
  resetSurvey,
  Survey,
  SurveyAnswerInput,
  surveyOfUser,
  surveyQuestions,
} from './survey.service.js';
import { SurveyQuestionPage } from './survey.types.js';

@Resolver(() => Survey)
export class SurveyResolver {
  // Queries
  @Authorized()
  @Query(() => Survey, { description: "A user's intake survey with their answers (the user and admins)." })
  userSurvey(@Arg('idOrUsername') idOrUsername: string, @Ctx() ctx: Context) {
    return surveyOfUser(ctx.em, idOrUsername, ctx.viewer!);
  }

  @Authorized()
  @Query(() => SurveyQuestionPage, {
    description: "Questions of a user's survey, answered or not (the user and admins), in survey order.",
  })
  userSurveyQuestions(
    @Arg('idOrUsername') idOrUsername: string,
    @Arg('answered') answered: boolean,
    @Args() page: PageArgs,
    @Ctx() ctx: Context,
  ) {
    return surveyQuestions(ctx.em, idOrUsername, ctx.viewer!, answered, page);
  }

  @Authorized()
  @Query(() => SurveyQuestionPage, {
    description: "Questions of the caller's survey, answered or not, in survey order.",
  })
  mySurveyQuestions(@Arg('answered') answered: boolean, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return surveyQuestions(ctx.em, ctx.viewer!.id, ctx.viewer!, answered, page);
  }

  @Authorized()
  @Query(() => IntakeStatus, { description: 'Whether the caller takes or skips the intake survey.' })
  myIntakeDecision(@Ctx() ctx: Context) {
    return intakeStatus(ctx.em, ctx.viewer!);
  }

  // Mutations
  @Authorized()
  @Mutation(() => Survey, {
    description: "Answers questions of the caller's survey (replacing earlier answers); updates the skin profile.",
  })
  answerSurvey(@Arg('answers', () => [SurveyAnswerInput]) answers: SurveyAnswerInput[], @Ctx() ctx: Context) {
    return answerSurvey(ctx.em, ctx.viewer!, answers);
  }

  @Authorized()
  @Mutation(() => Survey, { description: "Forgets the caller's answers and the skin-profile fields they fed." })
  resetSurvey(@Ctx() ctx: Context) {
    return resetSurvey(ctx.em, ctx.viewer!);
  }

  @Authorized()
  @Mutation(() => IntakeStatus, {
    description: 'Records whether the caller takes or skips the intake survey (undecided undoes it).',
  })
  decideIntake(@Arg('decision', () => IntakeDecision) decision: IntakeDecision, @Ctx() ctx: Context) {
    return decideIntake(ctx.em, ctx.viewer!, decision);
  }
}
