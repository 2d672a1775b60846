// LOG_SQL=true: every statement of a request reaches the log, the ORM's own and the row path's
// (prepared on PostgreSQL), each with its values in place and its time.
import { describe, expect, it } from '@jest/globals';
import { ormOptions } from '../mikro-orm.config.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { totalStatements } from '../src/sql-statements.js';
import { testDatabaseKind } from './helpers/database.js';
import { testAppWithSqlLog } from './helpers/app.js';

const logged = testAppWithSqlLog();
const { lines } = logged;

describe('LOG_SQL', () => {
  it('is read once, as true or false, and refuses anything else', () => {
    const base = { AUTH_JWT_SECRET: 'x'.repeat(40), IDP_WEBHOOK_SECRET: 'y' };
    expect(loadConfig(base).logSql).toBe(false);
    expect(loadConfig({ ...base, LOG_SQL: 'true' }).logSql).toBe(true);
    expect(() => loadConfig({ ...base, LOG_SQL: 'verbose' })).toThrow(ConfigError);
  });

  it('logs each statement of a request with its values and time, row reads included', async () => {
    const alias = (
      await logged.app
        .em()
        .execute<Array<{ alias: string }>>(
          `select alias from product where status = 'published' order by alias limit 1`,
        )
    )[0].alias;
    // A first request warms the process caches (the knowledge base), so the one measured sends only its own reads.
    expect((await logged.app.inject({ method: 'GET', url: `/products/${alias}` })).statusCode).toBe(200);
    lines.length = 0;
    const before = totalStatements();
    const response = await logged.app.inject({ method: 'GET', url: `/products/${alias}` });
    const sent = totalStatements() - before;
    expect(response.statusCode).toBe(200);
    const queries = lines.filter((line) => line.startsWith('[query]'));
    // Every statement counted is logged, and nothing else is.
    expect(queries).toHaveLength(sent);
    expect(lines).toHaveLength(sent);
    // The detail's one row read: its alias in place of the placeholder, its time and row count.
    const detail = queries.find((line) => line.includes(`'${alias}'`));
    expect(detail).toMatch(/from product p join brand b/);
    expect(detail).toMatch(/\[took \d+ ms, 1 result\]$/);
    if (testDatabaseKind === 'postgres') expect(detail).toMatch(/^\[query\] \(prepared read_[0-9a-f]{24}\) /);
  });

  it('asks the ORM for nothing when off', () => {
    expect(ormOptions({ databaseUrl: null, pgliteDir: 'memory://' }).debug).toBe(false);
    expect(ormOptions({ databaseUrl: null, pgliteDir: 'memory://', sqlLog: () => undefined }).debug).toEqual([
      'query',
      'query-params',
    ]);
  });
});

describe('a page of products reads the columns its items show', () => {
  const pageRead = async (request: () => Promise<{ statusCode: number; json(): unknown }>) => {
    lines.length = 0;
    const response = await request();
    expect(response.statusCode).toBe(200);
    return {
      body: response.json() as never,
      sql: lines.filter((line) => line.includes('from product p join brand b')),
    };
  };
  const graphql = (query: string) => () => logged.app.inject({ method: 'POST', url: '/graphql', payload: { query } });
  /** Each item's description and printed list (and, with `entries`, its entries) are those of the product's own page. */
  const expectAsOnTheirPages = async (items: Array<Record<string, unknown>>, entries: boolean) => {
    for (const item of items) {
      const detail = (await logged.app.inject({ method: 'GET', url: `/products/${item.alias}` })).json() as {
        description: unknown;
        ingredient_list: unknown;
        ingredients: Array<{ input: string }>;
      };
      expect([item.description, item.ingredientList]).toEqual([detail.description, detail.ingredient_list]);
      if (entries)
        expect((item.ingredients as Array<{ input: string }>).map((e) => e.input)).toEqual(
          detail.ingredients.map((e) => e.input),
        );
    }
  };

  it('a list page leaves the description and the printed list unread; a page showing them reads them', async () => {
    const list = await pageRead(() => logged.app.inject({ method: 'GET', url: '/products?limit=5' }));
    expect(list.sql).toHaveLength(1);
    expect(list.sql[0]).not.toMatch(/p\."description"|p\."ingredient_list"/);
    // Brand and category whole: the page gives them to the request's loaders.
    expect(list.sql[0]).toMatch(/b\."description"/);
    const shown = await pageRead(
      graphql('{ products(limit: 5) { items { alias description ingredientList ingredients { input } } } }'),
    );
    expect(shown.sql[0]).toMatch(/p\."description"/);
    const items = (shown.body as { data: { products: { items: Array<Record<string, unknown>> } } }).data.products.items;
    await expectAsOnTheirPages(items, false);
    // A field with a resolver of its own (size reads the unit): whole rows.
    const sized = await pageRead(graphql('{ products(limit: 5) { items { alias size { amount } } } }'));
    expect(sized.sql[0]).toMatch(/p\."description"/);
  });

  it('a search page too, in relevance order and with its short answer completed', async () => {
    // "cleanser" ranks its matches; "gentle cleanser zzz" is completed by products meeting all but one word.
    for (const [search, statements] of [
      ['cleanser', 1],
      ['gentle cleanser zzz', 2],
    ] as const) {
      const url = `/products?search=${encodeURIComponent(search)}&limit=5`;
      const list = await pageRead(() => logged.app.inject({ method: 'GET', url }));
      const listed = (list.body as { items: Array<{ alias: string }> }).items;
      expect(listed.length).toBeGreaterThan(0);
      expect(list.sql).toHaveLength(statements);
      for (const sql of list.sql) expect(sql).not.toMatch(/p\."description"|p\."ingredient_list"/);
      const shown = await pageRead(
        graphql(
          `{ products(search: ${JSON.stringify(search)}, limit: 5) { items { alias description ingredientList ingredients { input } } } }`,
        ),
      );
      for (const sql of shown.sql) expect(sql).toMatch(/p\."description"/);
      const items = (shown.body as { data: { products: { items: Array<Record<string, unknown>> } } }).data.products
        .items;
      expect(items.map((item) => item.alias)).toEqual(listed.map((item) => item.alias));
      await expectAsOnTheirPages(items, true);
    }
  });
});
