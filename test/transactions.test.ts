import { GraphQLObjectType, GraphQLSchema, GraphQLString, graphql } from 'graphql';
import { createContext, type Context } from '../src/context.js';
import type { EntityManager } from '../src/db.js';
import { buildAppSchema } from '../src/schema.js';
import { Brand } from '../src/modules/brand/brand.entity.js';
import { newId } from '../src/modules/shared/ids.js';
import { wrapMutationsInTransactions } from '../src/modules/shared/transactional.js';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** A two-field schema whose mutation writes a brand, then reads it back through the request's loader. */
function probeSchema(failAfterWrite: boolean) {
  const query = new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString, resolve: () => 'ok' } } });
  const mutation = new GraphQLObjectType<unknown, Context>({
    name: 'Mutation',
    fields: {
      writeThenLoad: {
        type: GraphQLString,
        args: { alias: { type: GraphQLString } },
        resolve: async (_root, { alias }: { alias: string }, ctx) => {
          const id = newId();
          // insert() bypasses the identity map: the loader below must send its query, in the transaction.
          await ctx.em.insert(Brand, {
            id,
            alias,
            name: alias,
            description: '',
            createdAt: new Date(),
            updatedAt: new Date(),
          } as never);
          const seen = await ctx.loaders.brandById.load(id);
          if (failAfterWrite) throw new Error('failed after the write');
          return seen?.alias ?? null;
        },
      },
    },
  });
  const schema = new GraphQLSchema({ query, mutation });
  expect(wrapMutationsInTransactions(schema)).toBe(1);
  return schema;
}

const contextOf = (em: EntityManager) =>
  createContext(em, null, 'test', 'http://localhost', { mailer: null as never, idpWebhookSecret: '' });

describe('every Mutation root field is one transaction', () => {
  test("a loader inside a mutation reads that mutation's own write", async () => {
    const em = t.em();
    const ctx = contextOf(em);
    const result = await graphql({
      schema: probeSchema(false),
      source: 'mutation { writeThenLoad(alias: "tx-probe-seen") }',
      contextValue: ctx,
    });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ writeThenLoad: 'tx-probe-seen' });
    // After the mutation, ctx.em is the outer manager again and the loaders follow it.
    expect(ctx.em).toBe(em);
    expect(await t.em().count(Brand, { alias: 'tx-probe-seen' })).toBe(1);
  });

  test('a mutation that fails after writing leaves nothing behind', async () => {
    const result = await graphql({
      schema: probeSchema(true),
      source: 'mutation { writeThenLoad(alias: "tx-probe-failed") }',
      contextValue: contextOf(t.em()),
    });
    expect(result.errors?.[0]?.message).toBe('failed after the write');
    expect(await t.em().count(Brand, { alias: 'tx-probe-failed' })).toBe(0);
  });

  // planRoutine and replanRoutinePlan plan before any transaction (reads only, at most 10 statements) and then write
  // the plan, the old one's supersession and the pruning in one transaction of their own (plan.service.ts).
  test("the app's mutations are all wrapped but the five that keep their writes whole otherwise", async () => {
    const schema = await buildAppSchema();
    const optedOut = Object.values(schema.getMutationType()!.getFields())
      .filter((field) => (field.extensions as { transaction?: { mode: string } }).transaction?.mode === 'none')
      .map((field) => field.name)
      .sort();
    expect(optedOut).toEqual([
      'analyzeIngredientList',
      'extractLabel',
      'planRoutine',
      'receiveIdentityProviderEvent',
      'replanRoutinePlan',
    ]);
  });
});
