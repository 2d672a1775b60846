import type { MiddlewareFn } from 'type-graphql';
import type { Context } from '../../context.js';

/**
 * Each mutation runs in one transaction: every write it makes lands, or none does. Resolvers
 * see the transaction's entity manager as `ctx.em` while it runs. Put on every @Mutation with
 * `@UseMiddleware(Transactional)` (not a global middleware: that would wrap every field).
 */
export const Transactional: MiddlewareFn<Context> = async ({ context }, next) => {
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
