// The GraphQL object types IngredientWriteResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { IngredientFeedback } from './ingredient-feedback.entity.js';

@ObjectType()
export class IngredientFeedbackPage extends Page(IngredientFeedback) {}
