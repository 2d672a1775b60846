import { Field, ObjectType } from 'type-graphql';
import type { ProductCategory } from './category.entity.js';

@ObjectType({ description: 'One step of a navigation trail.' })
export class Breadcrumb {
  @Field({ description: 'category, brand or product' })
  kind!: string;

  @Field()
  id!: string;

  @Field()
  alias!: string;

  @Field()
  name!: string;

  @Field({ description: 'The REST path of the resource.' })
  path!: string;
}

@ObjectType({ description: 'A navigation trail, top first.' })
export class BreadcrumbTrail {
  @Field(() => [Breadcrumb])
  items!: Breadcrumb[];

  @Field(() => String, { nullable: true, description: 'Always null: a trail is one page.' })
  nextCursor!: string | null;
}

export const categoryCrumb = (c: ProductCategory): Breadcrumb => ({
  kind: 'category',
  id: c.id,
  alias: c.alias,
  name: c.name,
  path: `/product_categories/${c.alias}`,
});
