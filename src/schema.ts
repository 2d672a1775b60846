import { printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, type AuthChecker, type MiddlewareFn } from 'type-graphql';
import type { Context } from './context.js';
import { forbidden, unauthenticated } from './errors.js';
import { BrandResolver } from './modules/brand/brand.resolver.js';
import { CategoryResolver } from './modules/category/category.resolver.js';
import { CensusResolver } from './modules/census/census.resolver.js';
import { IngredientResolver } from './modules/ingredient/ingredient.resolver.js';
import { ProductIngredientResolver, ProductOfferResolver, ProductResolver } from './modules/product/product.resolver.js';
import { UnitResolver } from './modules/unit/unit.resolver.js';
import { UserType } from './modules/user/user.entity.js';
import { UserResolver } from './modules/user/user.resolver.js';

/**
 * `@Authorized()` needs a signed-in caller; `@Authorized(roles)` one of those user types.
 * Admins pass every role check. Throws the contract's codes rather than returning false.
 */
export const authChecker: AuthChecker<Context, UserType> = ({ context }, roles) => {
  if (!context.viewer) throw unauthenticated();
  if (roles.length === 0 || context.viewer.userType === UserType.admin || roles.includes(context.viewer.userType)) return true;
  throw forbidden(`This needs one of these user types: ${roles.join(', ')}`);
};

export const resolvers = [
  IngredientResolver, BrandResolver, CategoryResolver, ProductResolver, ProductIngredientResolver,
  ProductOfferResolver, UserResolver, UnitResolver, CensusResolver,
] as const;

let built: Promise<GraphQLSchema> | null = null;

/** The schema is built once per process: type-graphql metadata is global anyway. */
export function buildAppSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({ resolvers: [...resolvers], authChecker, validate: false, emitSchemaFile: false, globalMiddlewares: [transactionalMutations] });
  return built;
}

export const printAppSchema = (schema: GraphQLSchema): string =>
  `# Generated from the type-graphql classes by \`npm run generate\`. Do not edit.\n\n${printSchema(schema)}\n`;

/**
 * Each mutation field runs in one transaction: every write it makes lands, or none does.
 * Resolvers see the transaction's entity manager as `ctx.em` for the duration.
 */
export const transactionalMutations: MiddlewareFn<Context> = async ({ context, info }, next) => {
  if (info.parentType.name !== 'Mutation') return next();
  const outer = context.em;
  try {
    return await outer.transactional(async (em) => {
      context.em = em as typeof outer;
      return next();
    });
  } finally {
    context.em = outer;
  }
};
