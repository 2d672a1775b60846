// Fixtures of the routes whose operations live in rest-mappings/stats.graphql.
import type { FixtureTable } from './base.js';

const statsBody = () => {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return { from: day(14), to: day(1), time_zone: 'Europe/Paris' };
};

export const statsFixtures: FixtureTable = {
  'POST /stats/analyze/created_per_day': async () => ({ params: {}, body: statsBody() }),
  'POST /stats/product_buy_clicks/created_per_day': async () => ({ params: {}, body: statsBody() }),
  'POST /stats/products/created_per_day': async () => ({ params: {}, body: statsBody() }),
  'POST /stats/product_tutorials/created_per_day': async () => ({ params: {}, body: statsBody() }),
  'POST /stats/ingredient_opinions/created_per_day': async () => ({ params: {}, body: statsBody() }),
  'POST /stats/routines/created_per_day': async () => ({ params: {}, body: statsBody() }),
  'POST /stats/users/created_per_day': async () => ({ params: {}, body: statsBody() }),
};
