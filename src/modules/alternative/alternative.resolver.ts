import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { betterAlternatives } from './alternative.service.js';
import { BetterAlternatives } from './alternative.types.js';

@Resolver(() => BetterAlternatives)
export class BetterAlternativesResolver {
  // Queries
  @Query(() => BetterAlternatives, {
    description:
      'The products most like this one and of the same kind (category, else routine step), ranked by how well they ' +
      'fit the caller (skin profile, ingredient feelings, free-of wishes, and the routine when given), each with ' +
      'why it is better or worse for them. Anonymous callers get similarity order.',
  })
  betterAlternatives(
    @Arg('idOrAlias') idOrAlias: string,
    @Ctx() ctx: Context,
    @Arg('routineId', () => String, {
      nullable: true,
      description: 'A routine the product would go into (one the caller may see): clashes with its other steps count.',
    })
    routineId?: string | null,
    @Arg('limit', () => Int, { nullable: true, description: "1-100, as the contract's lists (default 10)." }) limit?:
      | number
      | null,
    @Arg('otherKinds', () => Boolean, {
      nullable: true,
      description:
        'Also offer products of another kind (another category and step), after every one of the same kind and ' +
        'labelled (kind: other). Default false: the alternatives to a sunscreen are sunscreens.',
    })
    otherKinds?: boolean | null,
  ) {
    return betterAlternatives(ctx, idOrAlias, routineId, limit, otherKinds ?? false);
  }
}
