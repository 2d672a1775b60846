// The anchor: the fastest this service's reads could be on its schema. A small
// Fastify app on node-postgres answering a few REST reads with ONE SQL statement each, which
// builds the whole JSON body in PostgreSQL (json_build_object / json_agg); node sends the text
// as it comes. Same body as the REST layer, down to the signed next_cursor: the HMAC is computed
// in SQL from sha256() (no extension), with the key derived from the same secrets as the app's.
// bench/rest-vs-graphql.ts checks the bodies are equal before it measures anything.
// Env: DATABASE_URL (PostgreSQL only), PORT, AUTH_JWT_SECRET, IDP_WEBHOOK_SECRET, PUBLIC_URL,
// ANCHOR_POOL (connections, default 10 as the app's pool).
import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

/** An ISO 8601 UTC timestamp with milliseconds, as JavaScript's Date#toJSON writes it. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The JSON text JSON.stringify gives a string or a uuid. */
const jsonText = (expression: string) => `to_json(${expression})::text`;
const base64url = (bytes: string) =>
  `rtrim(translate(replace(encode(${bytes}, 'base64'), E'\\n', ''), '+/', '-_'), '=')`;

/**
 * The app's signed keyset cursor (src/modules/shared/pagination.ts over MikroORM's Cursor):
 * base64url(JSON of the last row's sort values) + "." + base64url(first 16 bytes of
 * HMAC-SHA256(key, payload)). HMAC from sha256: H((K^opad) || H((K^ipad) || m)); the two padded
 * keys are statement parameters $ipad and $opad.
 */
function signedCursor(values: string[], ipad: string, opad: string): string {
  const payload = base64url(`convert_to('[' || ${values.map(jsonText).join(` || ',' || `)} || ']', 'UTF8')`);
  return `(select p || '.' || ${base64url(`substring(sha256(${opad} || sha256(${ipad} || convert_to(p, 'UTF8'))) from 1 for 16)`)} from (select ${payload} as p) c)`;
}

const brandSummary = (b: string) =>
  `json_build_object('id', ${b}.id, 'alias', ${b}.alias, 'name', ${b}.name, 'country', ${b}.country)`;
const categorySummary = (c: string) =>
  `case when ${c}.id is null then null else json_build_object('id', ${c}.id, 'alias', ${c}.alias, 'name', ${c}.name, 'step_type', ${c}.step_type) end`;

/** RFC 3986 percent-encoding of text, as encodeURIComponent. */
const uriComponent = (text: string) => `(select string_agg(case when ch ~ '^[A-Za-z0-9_.!~*''()-]$' then ch
  else regexp_replace(upper(encode(convert_to(ch, 'UTF8'), 'hex')), '(..)', '%\\1', 'g') end, '' order by n)
  from regexp_split_to_table(${text}, '') with ordinality as t(ch, n))`;

const productSource = (
  p: string,
) => `case when ${p}.source_name = 'open-beauty-facts' and ${p}.source_code is not null then json_build_object(
  'name', 'Open Beauty Facts', 'code', ${p}.source_code,
  'url', 'https://world.openbeautyfacts.org/product/' || ${uriComponent(`${p}.source_code`)},
  'licence', 'ODbL-1.0', 'licence_url', 'https://opendatacommons.org/licenses/odbl/1-0/',
  'attribution', 'Product data from Open Beauty Facts (https://world.openbeautyfacts.org), available under the Open Database License (ODbL-1.0).',
  'last_modified_at', ${iso(`${p}.source_modified_at`)}, 'imported_at', ${iso(`${p}.source_imported_at`)},
  'edited_here', ${p}.source_imported_at is not null and date_trunc('milliseconds', ${p}.updated_at) <> date_trunc('milliseconds', ${p}.source_imported_at)
) end`;

/**
 * GET /products/:id_or_alias, by `key` (p.id or p.alias: $1; $2 the public URL). One statement per
 * key kind: `p.id = $1 or p.alias = $2` gets a generic plan that reads every product (3,051
 * statements/s against 10,375 by alias alone, measured on the bench database).
 */
const productDetail = (key: 'p.id' | 'p.alias') => `select json_build_object(
  'id', p.id, 'alias', p.alias, 'name', p.name, 'description', p.description, 'status', p.status, 'barcode', p.barcode, 'flags', p.flags,
  'size', case when p.size_amount is null then null else json_build_object('amount', p.size_amount,
    'unit', case when u.id is null then null else json_build_object('id', u.id, 'alias', u.alias, 'symbol', u.symbol) end) end,
  'brand', json_build_object('id', b.id, 'alias', b.alias, 'name', b.name, 'country', b.country, 'website', b.website),
  'category', ${categorySummary('c')},
  'ingredient_list', p.ingredient_list,
  'ingredients', coalesce((select json_agg(json_build_object('position', pi.position, 'input', pi.input, 'match', pi.match,
      'concentration', pi.concentration, 'may_contain', pi.may_contain, 'unread', pi.unread, 'flags', pi.flags,
      'ingredient', case when g.id is null then null else json_build_object('id', g.id, 'alias', g.alias, 'name', g.name, 'functions', g.functions, 'flags', g.flags,
        'inventory_only', not g.curated) end)
    order by pi.position)
    from product_ingredient pi left join ingredient g on g.id = pi.ingredient_id where pi.product_id = p.id), '[]'::json),
  'product_image', (select json_build_object('large', $2::text || '/images/' || i.key || '-1200.webp', 'thumbnail', $2::text || '/images/' || i.key || '-300.webp',
      'width', i.width, 'height', i.height, 'updated_at', ${iso('i.created_at')})
    from stored_image i where i.owner_kind = 'product' and i.owner_id = p.id),
  'brand_attestation', case when p.brand_attested_at is null then null else json_build_object('attested_at', ${iso('p.brand_attested_at')},
    'attested_by', (select json_build_object('id', a.id, 'username', a.username) from app_user a where a.id = p.brand_attested_by_id)) end,
  'tags', p.tags,
  'source', ${productSource('p')},
  'published_at', ${iso('p.published_at')}, 'created_at', ${iso('p.created_at')}, 'updated_at', ${iso('p.updated_at')}
)::text as body
from product p join brand b on b.id = p.brand_id
left join product_category c on c.id = p.category_id
left join unit_of_measurement u on u.id = p.size_unit_id
where ${key} = $1${key === 'p.id' ? '::uuid' : ''} and p.status = 'published'`;
const PRODUCT_DETAIL_BY_ID = productDetail('p.id');
const PRODUCT_DETAIL = productDetail('p.alias');

/** GET /products?limit= (first page; $1 limit, $2/$3 the cursor key's padded blocks). */
const PRODUCT_LIST = `with page as (
  select p.id, p.alias, p.name, p.status, p.flags, p.brand_id, p.category_id, p.brand_attested_at, p.published_at,
    row_number() over (order by p.name, p.id) as n from product p
  where p.status = 'published' order by p.name, p.id limit $1::int + 1
)
select json_build_object(
  'items', coalesce(json_agg(json_build_object(
    'id', p.id, 'alias', p.alias, 'name', p.name, 'status', p.status, 'flags', p.flags,
    'brand', ${brandSummary('b')}, 'category', ${categorySummary('c')},
    'ingredients', coalesce((select json_agg(json_build_object('position', pi.position, 'input', pi.input, 'match', pi.match,
        'ingredient', case when g.id is null then null else json_build_object('id', g.id, 'alias', g.alias, 'name', g.name) end) order by pi.position)
      from product_ingredient pi left join ingredient g on g.id = pi.ingredient_id where pi.product_id = p.id), '[]'::json),
    'brand_attested_at', ${iso('p.brand_attested_at')}, 'published_at', ${iso('p.published_at')},
    'matched_words', null
  ) order by p.n) filter (where p.n <= $1), '[]'::json),
  'next_cursor', (select ${signedCursor(['l.name', 'l.id'], '$2::bytea', '$3::bytea')} from page l where l.n = $1 and exists (select 1 from page m where m.n = $1 + 1))
)::text as body
from page p join brand b on b.id = p.brand_id left join product_category c on c.id = p.category_id`;

/** The RoutineFields fragment (rest-mappings/routines.graphql) of routine `r`. */
const routineFields = (r: string) => `json_build_object(
  'id', ${r}.id, 'name', ${r}.name, 'description', ${r}.description, 'time_of_day', ${r}.time_of_day, 'status', ${r}.status, 'current', ${r}.current,
  'owner', (select json_build_object('id', o.id, 'username', o.username, 'display_name', o.display_name) from app_user o where o.id = ${r}.owner_id),
  'favorite_count', (select count(*)::int from routine_favorite f where f.routine_id = ${r}.id),
  'steps', coalesce((select json_agg(json_build_object(
      'id', s.id, 'routine_id', s.routine_id, 'position', s.position, 'step_type', s.step_type, 'note', s.note,
      'product', case when sp.id is null then null else json_build_object('id', sp.id, 'alias', sp.alias, 'name', sp.name, 'flags', sp.flags, 'brand', ${brandSummary('sb')}) end,
      'pitch', case when pp.id is null then null else json_build_object('id', pp.id, 'step_types', pp.step_types, 'message', pp.message) end,
      'tutorial', case when t.id is null then null else json_build_object('id', t.id, 'title', t.title, 'status', t.status) end,
      'created_at', ${iso('s.created_at')}) order by s.position, s.id)
    from routine_step s left join product sp on sp.id = s.product_id left join brand sb on sb.id = sp.brand_id
    left join product_pitch pp on pp.id = s.pitch_id left join product_tutorial t on t.id = s.tutorial_id
    where s.routine_id = ${r}.id), '[]'::json),
  'published_at', ${iso(`${r}.published_at`)}, 'created_at', ${iso(`${r}.created_at`)}, 'updated_at', ${iso(`${r}.updated_at`)}
)`;

/** The columns routineFields reads: a page's rows are no wider than the answer needs. */
const ROUTINE_COLUMNS =
  'r.id, r.name, r.description, r.time_of_day, r.status, r.current, r.owner_id, r.published_at, r.created_at, r.updated_at';

/** A page of routines from `page` (rows numbered n in order), with the signed cursor over `sortColumn`, id. */
const routinePage = (sortColumn: string) => `select json_build_object(
  'items', coalesce(json_agg(${routineFields('r')} order by r.n) filter (where r.n <= $1), '[]'::json),
  'next_cursor', (select ${signedCursor([iso(`l.${sortColumn}`), 'l.id'], '$2::bytea', '$3::bytea')} from page l where l.n = $1 and exists (select 1 from page m where m.n = $1 + 1))
)::text as body from page r`;

/** GET /routines (first page, anonymous: published, newest first). */
const ROUTINE_LIST = `with page as (
  select ${ROUTINE_COLUMNS}, row_number() over (order by r.published_at desc, r.id desc) as n from routine r
  where r.status = 'published' order by r.published_at desc, r.id desc limit $1::int + 1
) ${routinePage('published_at')}`;

/**
 * GET /users/:id_or_username/routines (first page, anonymous: published, newest created first),
 * by `key` ($4: id or username; one statement per kind, as the product detail); null body: no such user.
 */
const userRoutineList = (
  key: 'id' | 'username',
) => `with owner as (select id from app_user where ${key} = $4${key === 'id' ? '::uuid' : ''}),
page as (
  select ${ROUTINE_COLUMNS}, row_number() over (order by r.created_at desc, r.id desc) as n from routine r
  where r.owner_id = (select id from owner) and r.status = 'published' order by r.created_at desc, r.id desc limit $1::int + 1
) select case when exists (select 1 from owner) then (${routinePage('created_at')}) end as body`;
const USER_ROUTINE_LIST_BY_ID = userRoutineList('id');
const USER_ROUTINE_LIST = userRoutineList('username');

/** The statements, for EXPLAIN ANALYZE when a figure looks wrong. */
export const ANCHOR_STATEMENTS = {
  PRODUCT_DETAIL,
  PRODUCT_DETAIL_BY_ID,
  PRODUCT_LIST,
  ROUTINE_LIST,
  USER_ROUTINE_LIST,
  USER_ROUTINE_LIST_BY_ID,
};

/** The two padded keys of HMAC-SHA256 for the app's cursor key (src/modules/shared/pagination.ts). */
export function cursorKeyBlocks(secrets: string[]): { ipad: Buffer; opad: Buffer } {
  const key = createHmac('sha256', secrets.filter(Boolean).join('\u0000')).update('skincare:list-cursor:v1').digest();
  const block = Buffer.alloc(64);
  key.copy(block);
  return { ipad: Buffer.from(block.map((b) => b ^ 0x36)), opad: Buffer.from(block.map((b) => b ^ 0x5c)) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_LIMIT = 20;

export async function startAnchor(env: NodeJS.ProcessEnv): Promise<{ close: () => Promise<void>; port: number }> {
  if (!env.DATABASE_URL) throw new Error('the one-statement routes need DATABASE_URL (PostgreSQL)');
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: Number(env.ANCHOR_POOL ?? 10) });
  const { ipad, opad } = cursorKeyBlocks([env.AUTH_JWT_SECRET ?? '', env.IDP_WEBHOOK_SECRET ?? '']);
  const publicUrl = (env.PUBLIC_URL ?? '').replace(/\/+$/, '');
  const app = Fastify({ logger: false });
  // Named statements: parsed and planned once per connection, as a hand-tuned service would.
  const one = async (name: string, text: string, values: unknown[]): Promise<string | null> =>
    (await pool.query<{ body: string | null }>({ name, text, values })).rows[0]?.body ?? null;
  const send = (reply: import('fastify').FastifyReply, body: string | null, what: string) =>
    body === null
      ? reply
          .code(404)
          .header('content-type', 'application/json; charset=utf-8')
          .send(JSON.stringify({ error: { code: 'NOT_FOUND', message: `${what} was not found` } }))
      : reply.header('content-type', 'application/json; charset=utf-8').send(body);
  const limitOf = (query: unknown) => {
    const raw = (query as { limit?: string }).limit;
    const limit = raw === undefined ? DEFAULT_LIMIT : Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw Object.assign(new Error('limit must be an integer from 1 to 100'), { statusCode: 400 });
    return limit;
  };

  app.get<{ Params: { key: string } }>('/products/:key', async (request, reply) => {
    const key = request.params.key.toLowerCase();
    const isId = UUID.test(key);
    const [name, text] = isId
      ? ['anchor_product_by_id', PRODUCT_DETAIL_BY_ID]
      : ['anchor_product_by_alias', PRODUCT_DETAIL];
    return send(reply, await one(name, text, [key, publicUrl]), `Product "${request.params.key}"`);
  });
  app.get('/products', async (request, reply) =>
    send(reply, await one('anchor_product_list', PRODUCT_LIST, [limitOf(request.query), ipad, opad]), 'page'),
  );
  app.get('/routines', async (request, reply) =>
    send(reply, await one('anchor_routine_list', ROUTINE_LIST, [limitOf(request.query), ipad, opad]), 'page'),
  );
  app.get<{ Params: { key: string } }>('/users/:key/routines', async (request, reply) => {
    const key = request.params.key.toLowerCase();
    const isId = UUID.test(key);
    const [name, text] = isId
      ? ['anchor_user_routines_by_id', USER_ROUTINE_LIST_BY_ID]
      : ['anchor_user_routines_by_name', USER_ROUTINE_LIST];
    return send(
      reply,
      await one(name, text, [limitOf(request.query), ipad, opad, key]),
      `User "${request.params.key}"`,
    );
  });

  await app.listen({ port: Number(env.PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

// Run as a process (bench/rest-vs-graphql.ts forks it): tell the parent when listening.
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const anchor = await startAnchor(process.env);
  process.send?.('ready');
  process.on('SIGTERM', () => void anchor.close().then(() => process.exit(0)));
}
