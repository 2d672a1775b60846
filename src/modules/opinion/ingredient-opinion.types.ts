// The GraphQL object types IngredientOpinionResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { IngredientOpinion, IngredientOpinionEntry } from './ingredient-opinion.entity.js';

@ObjectType()
export class IngredientOpinionPage extends Page(IngredientOpinion) {}

@ObjectType()
export class IngredientOpinionEntryPage extends Page(IngredientOpinionEntry) {}
