// The request kinds of bench/load-mixed.ts and their weights in the mix (one request in five a
// search, one in ten an analysis, about one in five a write).
import type autocannon from 'autocannon';

export interface Kind {
  weight: number;
  name: string;
  request: () => autocannon.Request;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];

/** Ingredient lists to analyse: short ones, and labels with strengths, EU-restricted substances and a product type. */
const LISTS = [
  'Aqua, Glycerin, Niacinamide, Phenoxyethanol',
  'Water, Butylene Glycol, Sodium Hyaluronate, Panthenol, Ethylhexylglycerin',
  'Aqua, Cetearyl Alcohol, Dimethicone, Parfum, Tocopherol',
  'Aqua, Niacinamide 10%, Zinc PCA 1%, Glycerin, Salicylic Acid 2%, Retinol 0.3%, Phenoxyethanol, Parfum, Limonene, Linalool',
  'Sunscreen lotion. Aqua, Homosalate, Octocrylene, Butyl Methoxydibenzoylmethane, Ethylhexyl Salicylate, Glycerin, Titanium Dioxide (nano), Benzyl Alcohol, Hexyl Cinnamal',
];

export function mixOf(products: string[], ingredients: string[], tokens: string[]): Kind[] {
  const json = { 'content-type': 'application/json' };
  const auth = () => ({ authorization: `Bearer ${pick(tokens)}` });
  return [
    {
      weight: 25,
      name: 'GET /products/:alias (anonymous)',
      request: () => ({ method: 'GET', path: `/products/${pick(products)}` }),
    },
    {
      weight: 15,
      name: 'GET /ingredients/:alias (anonymous)',
      request: () => ({ method: 'GET', path: `/ingredients/${pick(ingredients)}` }),
    },
    {
      weight: 10,
      name: 'GET /products/:alias (signed in)',
      request: () => ({ method: 'GET', path: `/products/${pick(products)}`, headers: auth() }),
    },
    {
      weight: 10,
      name: 'GET /products?search=',
      request: () => ({
        method: 'GET',
        path: `/products?search=${pick(['serum', 'cream', 'gel', 'cleanser', 'acid'])}&limit=20`,
      }),
    },
    {
      weight: 10,
      name: 'GET /ingredients?search=',
      request: () => ({
        method: 'GET',
        path: `/ingredients?search=${pick(['glyc', 'acid', 'oil', 'sodium', 'extract'])}&limit=20`,
      }),
    },
    {
      weight: 10,
      name: 'POST /analyze/ingredient_list',
      request: () => ({
        method: 'POST',
        path: '/analyze/ingredient_list',
        headers: json,
        body: JSON.stringify({ ingredient_list: pick(LISTS) }),
      }),
    },
    {
      weight: 8,
      name: 'POST /products/:alias/favorite',
      request: () => ({ method: 'POST', path: `/products/${pick(products)}/favorite`, headers: auth() }),
    },
    {
      weight: 4,
      name: 'DELETE /products/:alias/favorite',
      request: () => ({ method: 'DELETE', path: `/products/${pick(products)}/favorite`, headers: auth() }),
    },
    {
      weight: 5,
      name: 'PUT /ingredients/:alias/feeling/positive',
      request: () => ({ method: 'PUT', path: `/ingredients/${pick(ingredients)}/feeling/positive`, headers: auth() }),
    },
    {
      weight: 3,
      name: 'POST /ingredients/:alias/submit_feedback',
      request: () => ({
        method: 'POST',
        path: `/ingredients/${pick(ingredients)}/submit_feedback`,
        headers: { ...json, ...auth() },
        body: JSON.stringify({ kind: 'other', message: 'From the mixed load test' }),
      }),
    },
  ];
}
