// The GraphQL object types IngredientResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { Ingredient } from './ingredient.entity.js';

@ObjectType()
export class IngredientPage extends Page(Ingredient) {}
