// Fixtures of the routes whose operations live in rest-mappings/buy.graphql.
import { type FixtureTable, none } from './base.js';

export const buyFixtures: FixtureTable = {
  'GET /buy/:id_or_alias': async ({ catalog }) => none({ id_or_alias: catalog.offered }),
  'GET /buy/:id_or_alias/retailer': async ({ catalog }) => none({ id_or_alias: catalog.offered }),
};
