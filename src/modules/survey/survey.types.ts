// The GraphQL object types SurveyResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { SurveyQuestion } from './survey.service.js';

@ObjectType()
export class SurveyQuestionPage extends Page(SurveyQuestion) {}
