// The app plus one hand-written Fastify route that does the same database work and
// serialisation as GET /products/:id_or_alias, for bench/rest-vs-graphql.ts.
// Env: PORT, PGLITE_DIR or DATABASE_URL.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type EntityManager } from '../src/db.js';
import { Ingredient } from '../src/modules/ingredient/ingredient.entity.js';
import { Product, ProductIngredient } from '../src/modules/product/product.entity.js';
import { ProductCategory } from '../src/modules/category/category.entity.js';
import { UnitOfMeasurement } from '../src/modules/unit/unit.entity.js';
import { byIdOrAlias } from '../src/modules/shared/ids.js';
import { seedIfEmpty } from '../src/seeders/index.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const orm = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
await seedIfEmpty(orm, { demo: true });
const app = await buildApp({ config, orm, logger: false, restJit: process.env.BENCH_JIT !== '0' });

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

app.get<{ Params: { id_or_alias: string } }>('/bench/handwritten/products/:id_or_alias', async (request, reply) => {
  const em = orm.em.fork() as EntityManager;
  const product = await em.findOne(Product, byIdOrAlias(request.params.id_or_alias), { populate: ['brand'] });
  if (!product || product.status !== 'published') return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'not found' } });
  const [category, unit, entries] = await Promise.all([
    product.category ? em.findOne(ProductCategory, { id: product.category.id }) : null,
    product.sizeUnit ? em.findOne(UnitOfMeasurement, { id: product.sizeUnit.id }) : null,
    em.find(ProductIngredient, { product: product.id }, { orderBy: { position: 'asc' } }),
  ]);
  const ids = entries.flatMap((e) => (e.ingredient ? [e.ingredient.id] : []));
  const ingredients = new Map((await em.find(Ingredient, { id: { $in: ids } })).map((i) => [i.id, i]));
  const brand = product.brand.getEntity();
  const body = {
    id: product.id, alias: product.alias, name: product.name, description: product.description, status: product.status,
    barcode: product.barcode ?? null, flags: product.flags,
    size: product.sizeAmount == null ? null : { amount: product.sizeAmount, unit: unit ? { id: unit.id, alias: unit.alias, symbol: unit.symbol } : null },
    brand: { id: brand.id, alias: brand.alias, name: brand.name, country: brand.country ?? null, website: brand.website ?? null },
    category: category ? { id: category.id, alias: category.alias, name: category.name, step_type: category.stepType ?? null } : null,
    ingredient_list: product.ingredientList,
    ingredients: entries.map((e) => {
      const i = e.ingredient ? ingredients.get(e.ingredient.id) : undefined;
      return {
        position: e.position, input: e.input, match: e.match, concentration: e.concentration ?? null, may_contain: e.mayContain,
        ingredient: i ? { id: i.id, alias: i.alias, name: i.name, functions: i.functions, flags: i.flags } : null,
      };
    }),
    published_at: iso(product.publishedAt), created_at: iso(product.createdAt), updated_at: iso(product.updatedAt),
  };
  return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
});

await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => orm.close()).then(() => process.exit(0)));
