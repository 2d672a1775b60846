// Fixtures of the routes whose operations live in rest-mappings/unit-of-measurements.graphql.
import { type FixtureTable, none } from './base.js';

export const unitOfMeasurementsFixtures: FixtureTable = {
  'GET /unit_of_measurements': async () => ({ params: {}, query: { limit: '5' } }),
  'POST /unit_of_measurements/create': async ({ unique }) => {
    const u = unique();
    return {
      params: {},
      body: {
        alias: `fx-${u}`,
        name: `Fixture drop ${u}`,
        symbol: `fx${u}`.slice(0, 20),
        kind: 'volume',
        to_base: 0.05,
      },
    };
  },
  'GET /unit_of_measurements/:id': async ({ catalog }) => none({ id: catalog.unit.id }),
};
