// The GraphQL object types ProductTutorialResolver returns.
import { Field, Float, ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { UnitOfMeasurement } from '../unit/unit.entity.js';
import { ProductTutorial, ProductTutorialInstruction, ProductTutorialWarning } from './product-tutorial.entity.js';

@ObjectType()
export class ProductTutorialPage extends Page(ProductTutorial) {}

@ObjectType()
export class ProductTutorialInstructionPage extends Page(ProductTutorialInstruction) {}

@ObjectType()
export class ProductTutorialWarningPage extends Page(ProductTutorialWarning) {}

@ObjectType({ description: 'How much to use per application.' })
export class TutorialQuantity {
  @Field(() => Float)
  amount!: number;

  @Field(() => UnitOfMeasurement)
  unit!: UnitOfMeasurement;
}
