import {
  Arg,
  Args,
  ArgsType,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../context.js';
import { Page, PageArgs } from '../shared/pagination.js';
import { UserType } from '../user/user.entity.js';
import { Facet } from './facet.entity.js';
import { createFacet, facetValues, getFacet, listFacets, updateFacet } from './facet.service.js';

@ObjectType('FacetValue', { description: 'One value a facet offers.' })
export class FacetValueType {
  @Field()
  value!: string;

  @Field()
  label!: string;
}

@InputType({ description: 'One value a facet offers.' })
export class FacetValueInput {
  @Field()
  value!: string;

  @Field()
  label!: string;
}

@ObjectType()
export class FacetPage extends Page(Facet) {}

// Flat arguments: a PATCH must tell "left out" from "null" (see BrandChangesArgs).
@ArgsType()
class FacetArgs {
  @Field(() => String, { nullable: true, description: 'Lowercase slug; defaults to one made from the name.' })
  alias?: string | null;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'free_of, flags, category or brand' })
  parameter?: string | null;

  @Field(() => [FacetValueInput], { nullable: true, description: 'Fixed values (free_of and flags facets).' })
  values?: FacetValueInput[] | null;

  @Field(() => Int, { nullable: true })
  position?: number | null;
}

@Resolver(() => Facet)
export class FacetResolver {
  // Queries
  @Query(() => FacetPage, { description: "The catalog's filters, in display order." })
  facets(@Args() page: PageArgs, @Ctx() ctx: Context) {
    return listFacets(ctx.em, page);
  }

  @Query(() => Facet, { description: 'One facet by id or alias.' })
  facet(@Arg('idOrAlias') idOrAlias: string, @Ctx() ctx: Context) {
    return getFacet(ctx.em, idOrAlias);
  }

  // Mutations
  @Authorized(UserType.admin)
  @Mutation(() => Facet, { description: 'Adds a facet (admins).' })
  createFacet(@Args() args: FacetArgs, @Ctx() ctx: Context) {
    return createFacet(ctx.em, { ...args, name: args.name ?? '', parameter: args.parameter ?? '' });
  }

  @Authorized(UserType.admin)
  @Mutation(() => Facet, { description: 'Changes a facet (admins); fields left out stay as they are.' })
  updateFacet(@Arg('id') id: string, @Args() args: FacetArgs, @Ctx() ctx: Context) {
    return updateFacet(ctx.em, id, args);
  }

  // Field resolvers
  @FieldResolver(() => [FacetValueType], { description: "For category and brand facets, the catalog's current ones." })
  values(@Root() facet: Facet, @Ctx() ctx: Context) {
    return facetValues(ctx.em, facet);
  }
}
