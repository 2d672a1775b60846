// Fixtures of the routes whose operations live in rest-mappings/extensions-reformulation.graphql
// (the reformulation watch, under the `extensions` tag).
import { ReformulationAlert } from '../../../src/modules/reformulation/reformulation-alert.entity.js';
import { newId } from '../../../src/modules/shared/ids.js';
import type { FixtureContext, FixtureTable } from './base.js';

/** An alert of `me` on the catalog's product (version 1 against itself: a valid pair to show). */
async function myAlert({ t, me, catalog }: FixtureContext): Promise<string> {
  const em = t.em();
  const existing = await em.findOne(ReformulationAlert, { user: me.id, product: catalog.product.id, toVersion: 1 });
  if (existing) return existing.id;
  const id = newId();
  await em.insert(ReformulationAlert, {
    id,
    createdAt: new Date(),
    user: me.id,
    product: catalog.product.id,
    fromVersion: 1,
    toVersion: 1,
    reasons: [],
  } as never);
  return id;
}

export const extensionsReformulationFixtures: FixtureTable = {
  'GET /products/:id_or_alias/ingredient_list_versions': async ({ catalog }) => ({
    params: { id_or_alias: catalog.product.alias },
  }),
  'GET /products/:id_or_alias/ingredient_list_diff': async ({ catalog }) => ({
    params: { id_or_alias: catalog.product.alias },
    query: { from: '1', to: '1' },
  }),
  'GET /my/reformulation_alerts': async () => ({ params: {}, query: { limit: '5' } }),
  'POST /my/reformulation_alerts/:id/read': async (ctx) => ({ params: { id: await myAlert(ctx) } }),
  'POST /my/reformulation_alerts/:id/dismiss': async (ctx) => ({ params: { id: await myAlert(ctx) } }),
  'GET /my/settings/reformulation_digest': async () => ({ params: {} }),
  'PUT /my/settings/reformulation_digest': async () => ({ params: {}, body: { enabled: true } }),
};
