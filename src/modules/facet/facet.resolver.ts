import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../context.js';
import { PageArgs } from '../shared/pagination.js';
import { UserType } from '../user/user.entity.js';
import { Facet } from './facet.entity.js';
import { createFacet, facetValues, getFacet, listFacets, updateFacet } from './facet.service.js';
import { FacetPage, FacetValueType } from './facet.types.js';
import { FacetArgs } from './facet.input.js';

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
