// The GraphQL object types UnitResolver returns.
import { ObjectType } from 'type-graphql';
import { Page } from '../shared/pagination.js';
import { UnitOfMeasurement } from './unit.entity.js';

@ObjectType()
export class UnitOfMeasurementPage extends Page(UnitOfMeasurement) {}
