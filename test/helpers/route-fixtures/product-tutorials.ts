// Fixtures of the routes whose operations live in rest-mappings/product-tutorials.graphql.
import { type FixtureTable, none, ok, writeTutorial } from './base.js';

export const productTutorialsFixtures: FixtureTable = {
  // Product tutorials (drafts are hidden from strangers: NOT_FOUND)
  'GET /product_tutorials': async () => ({ params: {}, query: { limit: '5' } }),
  'POST /product_tutorials/create': async ({ catalog }) => ({
    params: {},
    body: {
      product: catalog.product.alias,
      title: 'Fixture tutorial',
      description: 'Made by a route fixture.',
      frequency: 'daily',
      time_of_day: 'am',
    },
  }),
  'GET /product_tutorials/:id': async ({ t, me, catalog }) =>
    none({ id: (await writeTutorial(t, me, catalog.product.alias, { publish: true, instructions: 1 })).id }),
  'GET /product_tutorials/:id/product_tutorial_instructions': async ({ t, me, catalog }) => ({
    params: { id: (await writeTutorial(t, me, catalog.product.alias, { publish: true, instructions: 2 })).id },
    query: { limit: '5' },
  }),
  'POST /product_tutorials/:id/product_tutorial_instructions/create': async ({ t, me, catalog }) => ({
    params: { id: (await writeTutorial(t, me, catalog.product.alias)).id },
    body: { text: 'Apply two drops.' },
    strangerStatus: 404,
  }),
  'DELETE /product_tutorials/:id/product_tutorial_instructions/:instruction_id': async ({ t, me, catalog }) => {
    const tutorial = await writeTutorial(t, me, catalog.product.alias, { instructions: 2 });
    return { params: { id: tutorial.id, instruction_id: tutorial.instructions[0] }, strangerStatus: 404 };
  },
  'GET /product_tutorials/:id/product_tutorial_warnings': async ({ t, me, catalog }) => ({
    params: { id: (await writeTutorial(t, me, catalog.product.alias, { publish: true })).id },
    query: { limit: '5' },
  }),
  'POST /product_tutorials/:id/product_tutorial_warnings/create': async ({ t, me, catalog }) => ({
    params: { id: (await writeTutorial(t, me, catalog.product.alias)).id },
    body: { text: 'Patch test first.' },
    strangerStatus: 404,
  }),
  'DELETE /product_tutorials/:id/product_tutorial_warnings/:warning_id': async ({ t, me, catalog }) => {
    const tutorial = await writeTutorial(t, me, catalog.product.alias);
    const warning = (await ok(
      await t.inject({
        method: 'POST',
        url: `/product_tutorials/${tutorial.id}/product_tutorial_warnings/create`,
        payload: { text: 'Avoid the eyes.' },
        token: me.token,
      }),
      'POST warning',
      201,
    )) as { id: string };
    return { params: { id: tutorial.id, warning_id: warning.id }, strangerStatus: 404 };
  },
  'PATCH /product_tutorials/:id/publish': async ({ t, me, catalog }) => ({
    params: { id: (await writeTutorial(t, me, catalog.product.alias, { instructions: 1 })).id },
    strangerStatus: 404,
  }),
  'PATCH /product_tutorials/:id/set_general_info': async ({ t, me, catalog }) => ({
    params: { id: (await writeTutorial(t, me, catalog.product.alias)).id },
    body: { title: 'Renamed', description: 'Changed by a route fixture.', frequency: 'weekly', time_of_day: 'any' },
    strangerStatus: 404,
  }),
  'PATCH /product_tutorials/:id/set_media_url': async ({ t, me, catalog }) => ({
    params: { id: (await writeTutorial(t, me, catalog.product.alias)).id },
    body: { media_url: 'https://video.example/how-to' },
    strangerStatus: 404,
  }),
  'PATCH /product_tutorials/:id/set_quantity': async ({ t, me, catalog }) => ({
    params: { id: (await writeTutorial(t, me, catalog.product.alias)).id },
    body: { amount: 2, unit: catalog.unit.alias },
    strangerStatus: 404,
  }),
  'GET /products/:id_or_alias/product_tutorials': async ({ catalog }) => ({
    params: { id_or_alias: catalog.product.alias },
    query: { limit: '5' },
  }),
  'GET /products/:id_or_alias/product_tutorials/featured': async ({ t, me, catalog }) => {
    await writeTutorial(t, me, catalog.products[2].alias, {
      publish: true,
      instructions: 1,
      mediaUrl: 'https://video.example/featured',
    });
    return none({ id_or_alias: catalog.products[2].alias });
  },
  'GET /my/product_tutorials': async () => ({ params: {}, query: { limit: '5' } }),
  'GET /users/:id_or_username/product_tutorials': async ({ me }) => ({
    params: { id_or_username: me.username },
    query: { limit: '5' },
  }),
};
