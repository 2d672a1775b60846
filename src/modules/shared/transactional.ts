import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { Extensions } from 'type-graphql';
import type { Context } from '../../context.js';

/**
 * The transaction rule: every root field of Mutation is one transaction. Every write it makes
 * lands, or none does; while it runs `ctx.em` is the transaction's entity manager and
 * `ctx.loaders` are built on it (see createContext), so a loader inside a mutation reads that
 * mutation's own writes.
 *
 * Applied once to the built schema (wrapMutationsInTransactions), not as a type-graphql global
 * middleware: that would wrap every field of every type, and only the root mutation fields need it.
 *
 * Inside the transaction, query through `ctx.em` only: a query through another entity manager (an
 * `orm.em.fork()`, the request's outer one) would wait forever on PGlite's one connection. The
 * driver refuses it at once (TransactionBypassed, src/platform/transaction-guard.ts).
 */

/** Work a mutation does before its transaction opens (decoding an upload), undone if it then fails. */
export type BeforeTransaction = (args: Record<string, unknown>, run: () => Promise<unknown>) => Promise<unknown>;

interface TransactionExtension {
  transaction?: { mode: 'none'; why: string } | { mode: 'after'; before: BeforeTransaction };
}

/**
 * Opts a mutation out of the rule; `why` says what keeps its writes whole instead
 * (a group-committed insert, a signature checked before the service opens its own transaction).
 */
export const NoTransaction = (why: string) =>
  Extensions({ transaction: { mode: 'none', why } } satisfies TransactionExtension);

/** Runs `before` first and the transaction inside it: slow work that must not hold the one PGlite connection. */
export const RunBeforeTransaction = (before: BeforeTransaction) =>
  Extensions({ transaction: { mode: 'after', before } } satisfies TransactionExtension);

function inTransaction(resolve: GraphQLFieldResolver<unknown, Context>): GraphQLFieldResolver<unknown, Context> {
  return async (root, args, context, info) => {
    const outer = context.em;
    try {
      return await outer.transactional(async (em) => {
        context.em = em as typeof outer;
        return resolve(root, args, context, info);
      });
    } finally {
      context.em = outer;
    }
  };
}

/** Wraps each Mutation root field of a built schema in its transaction; returns how many were wrapped. */
export function wrapMutationsInTransactions(schema: GraphQLSchema): number {
  let wrapped = 0;
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const policy = (field.extensions as TransactionExtension).transaction;
    if (policy?.mode === 'none') continue;
    const transactional = inTransaction(
      (field.resolve ?? defaultFieldResolver) as GraphQLFieldResolver<unknown, Context>,
    );
    field.resolve =
      policy?.mode === 'after'
        ? (root, args, context, info) => policy.before(args, async () => transactional(root, args, context, info))
        : transactional;
    wrapped++;
  }
  return wrapped;
}
