import { Field, Int, ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';

@ObjectType({ description: 'A family of ingredients: retinoids, AHAs, silicones, EU allergens…' })
export class IngredientGroup {
  @Field()
  alias!: string;

  @Field()
  name!: string;

  @Field(() => Int)
  ingredientCount!: number;
}

@ObjectType()
export class IngredientGroupPage extends Page(IngredientGroup) {}
