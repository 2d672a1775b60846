import { Arg, Args, Ctx, Field, FieldResolver, Int, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { notFound } from '../../errors.js';
import { Page, PageArgs, paginate } from '../shared/pagination.js';
import { Ingredient } from './ingredient.entity.js';
import { IngredientPage } from './ingredient.resolver.js';
import { loadVocabulary } from './vocabulary.js';

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

async function groupCounts(ctx: Context): Promise<Map<string, number>> {
  const rows = await ctx.em.execute<Array<{ g: string; n: number }>>(
    'select g, count(*)::int as n from ingredient, unnest(groups) as g group by g',
  );
  return new Map(rows.map((r) => [r.g, r.n]));
}

@Resolver(() => IngredientGroup)
export class IngredientGroupResolver {
  // Queries
  @Query(() => IngredientGroupPage, { description: 'Every ingredient group, with how many ingredients it has.' })
  async ingredientGroups(@Ctx() ctx: Context): Promise<IngredientGroupPage> {
    const counts = await groupCounts(ctx);
    const items = Object.entries(loadVocabulary().groups).map(([alias, name]) => ({ alias, name, ingredientCount: counts.get(alias) ?? 0 }));
    return { items, nextCursor: null };
  }

  @Query(() => IngredientGroup, { description: 'One ingredient group by alias.' })
  async ingredientGroup(@Arg('alias') alias: string, @Ctx() ctx: Context): Promise<IngredientGroup> {
    const name = loadVocabulary().groups[alias];
    if (!name) throw notFound('Ingredient group', alias);
    return { alias, name, ingredientCount: (await groupCounts(ctx)).get(alias) ?? 0 };
  }

  // Field resolvers
  @FieldResolver(() => IngredientPage, { description: 'The group\'s ingredients by INCI name.' })
  ingredients(@Root() group: IngredientGroup, @Args() page: PageArgs, @Ctx() ctx: Context) {
    return paginate(ctx.em, Ingredient, { groups: { $contains: [group.alias] } }, { name: 'asc', id: 'asc' }, page);
  }
}
