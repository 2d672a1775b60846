// The GraphQL object types IngredientFeelingResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { IngredientFeeling } from './ingredient-feeling.entity.js';

@ObjectType()
export class IngredientFeelingPage extends Page(IngredientFeeling) {}
