// Two server processes on one PostgreSQL database and one Redis: rate limits, the response
// cache and idempotency keys are shared; favourites agree; a change made through one instance
// is seen at once through the other (no stale read in many write-then-read rounds); the
// in-process knowledge base and similarity index follow writes made through the other instance.
// Usage: npm run check:two-instances [-- --rounds 30]
// Env: REDIS_URL (default redis://127.0.0.1:6379), HARDENING_PG_URL.
import { Redis } from 'ioredis';
import { check, createDatabase, option, startServer, stopServer, token } from './hardening-lib.js';

const rounds = option('rounds', 30);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `skincare-two-${process.pid}:`;
const db = await createDatabase('two');
const env = {
  DATABASE_URL: db.url,
  REDIS_URL,
  REDIS_PREFIX: prefix,
  ADMIN_SUBJECTS: 'two|admin',
  RATE_LIMIT_MAX: '100000',
  RATE_LIMIT_ANALYSIS_MAX: '10',
  RATE_LIMIT_WINDOW_SECONDS: '600',
};
// The first one migrates and seeds; the second starts on the ready database.
const a = await startServer(env);
const b = await startServer(env);
const redis = new Redis(REDIS_URL);
try {
  const admin = { authorization: `Bearer ${await token('two|admin')}` };
  const fanToken = await token('two|fan');
  const fan = { authorization: `Bearer ${fanToken}` };
  const get = async (base: string, url: string, headers: Record<string, string> = {}) => {
    const r = await fetch(`${base}${url}`, { headers });
    return { status: r.status, cache: r.headers.get('x-cache'), body: await r.text() };
  };
  const product = (JSON.parse((await get(a.base, '/products?limit=1')).body) as { items: Array<{ alias: string }> })
    .items[0].alias;
  const detail = JSON.parse((await get(a.base, `/products/${product}`)).body) as { brand: { alias: string } };
  const brand = detail.brand.alias;

  // The response cache is shared.
  await get(a.base, `/ingredients/glycerin`);
  check((await get(b.base, `/ingredients/glycerin`)).cache === 'HIT', 'a read cached through A is a hit through B');

  // Write on one, read on the other, many times, both ways.
  let stale = 0;
  for (let i = 0; i < rounds; i++) {
    const [writer, reader] = i % 2 ? [b, a] : [a, b];
    await get(reader.base, `/products/${product}`); // make sure the reader has it cached
    const name = `Two instances ${i} ${Math.random().toString(36).slice(2, 6)}`;
    const patch = await fetch(`${writer.base}/brands/${brand}`, {
      method: 'PATCH',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    if (patch.status !== 200) throw new Error(`PATCH answered ${patch.status}: ${await patch.text()}`);
    const seen = JSON.parse((await get(reader.base, `/products/${product}`)).body) as { brand: { name: string } };
    if (seen.brand.name !== name) stale++;
  }
  check(stale === 0, `no stale read in ${rounds} write-on-one, read-on-the-other rounds`);

  // Favourites agree.
  const fav = await fetch(`${a.base}/products/${product}/favorite`, { method: 'POST', headers: fan });
  check(fav.status === 200, 'favourite through A');
  check((await get(b.base, '/my/favorite_products', fan)).body.includes(product), 'B lists it among the favourites');
  check(
    (await get(b.base, '/user/twofan/favorite_products')).body.includes(product),
    'anonymous readers of the public list see it on B',
  );
  const unfav = await fetch(`${b.base}/products/${product}/favorite`, { method: 'DELETE', headers: fan });
  check(unfav.status === 204, 'unfavourite through B');
  check(!(await get(a.base, '/my/favorite_products', fan)).body.includes(product), 'A no longer lists it');
  check(!(await get(a.base, '/user/twofan/favorite_products')).body.includes(product), 'nor do anonymous readers on A');

  // The knowledge base each process keeps in memory follows a write made through the other one.
  const moderator = { authorization: `Bearer ${await token('two|admin')}`, 'content-type': 'application/json' };
  const name = `Twoinstamide ${Math.random().toString(36).slice(2, 7)}`;
  const analyzeOn = async (base: string, list: string) =>
    (await (
      await fetch(`${base}/analyze/ingredient_list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ingredient_list: list }),
      })
    ).json()) as { unmatched: string[] };
  check(
    (await analyzeOn(b.base, `Aqua, ${name}`)).unmatched.includes(name),
    `B does not know "${name}" yet (its knowledge base is loaded)`,
  );
  const created = await fetch(`${a.base}/ingredients/create`, {
    method: 'POST',
    headers: moderator,
    body: JSON.stringify({ name, functions: ['humectant'], description: 'two instances' }),
  });
  check(created.status === 201, 'an ingredient added through A');
  check((await analyzeOn(b.base, `Aqua, ${name}`)).unmatched.length === 0, `B matches "${name}" at once`);

  // So does the similarity index: a product published through A is similar to its twin on B.
  const twin = JSON.parse((await get(a.base, `/products/${product}`)).body) as {
    ingredient_list: string;
    category: { alias: string } | null;
  };
  await get(b.base, `/products/${product}/similar`); // B builds its index
  const draft = await fetch(`${a.base}/products/create`, {
    method: 'POST',
    headers: moderator,
    body: JSON.stringify({
      name: `Twin of ${product}`,
      brand,
      ingredient_list: twin.ingredient_list,
      ...(twin.category ? { category: twin.category.alias } : {}),
    }),
  });
  const draftBody = (await draft.json()) as { id: string };
  const draftId = draftBody.id;
  const published = await fetch(`${a.base}/products/${draftId}/publish`, { method: 'PATCH', headers: admin });
  check(
    draft.status === 201 && published.status === 200,
    `a twin product created and published through A (${draft.status}, ${published.status})`,
  );
  const similarOnB = JSON.parse((await get(b.base, `/products/${product}/similar`, moderator)).body) as {
    items: Array<{ product: { id: string } }>;
  };
  check(
    similarOnB.items.some((item) => item.product.id === draftId),
    'B lists the twin among the similar products at once',
  );

  // Idempotency keys are shared.
  const key = `two-${Math.random().toString(36).slice(2)}`;
  const post = (base: string) =>
    fetch(`${base}/analyze/ingredient_list`, {
      method: 'POST',
      headers: { ...fan, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ ingredient_list: 'Aqua, Glycerin' }),
    });
  const first = await post(a.base);
  const retry = await post(b.base);
  check(
    first.status === 201 &&
      retry.status === 201 &&
      retry.headers.get('idempotent-replayed') === 'true' &&
      (await first.text()) === (await retry.text()),
    'a retry through B replays the answer A gave',
  );

  // Rate limits are shared: one analysis budget (10 per window) for the caller across both instances.
  const limited = { authorization: `Bearer ${await token('two|limited')}`, 'content-type': 'application/json' };
  let ok = 0;
  let refused = 0;
  for (let i = 0; i < 16; i++) {
    const r = await fetch(`${i % 2 ? b.base : a.base}/analyze/ingredient_list`, {
      method: 'POST',
      headers: limited,
      body: JSON.stringify({ ingredient_list: 'Aqua, Glycerin' }),
    });
    if (r.status === 201) ok++;
    if (r.status === 429) refused++;
  }
  check(
    ok === 10 && refused === 6,
    `one analysis budget of 10 over both instances: ${ok} answered, ${refused} refused`,
  );
} finally {
  await Promise.all([stopServer(a), stopServer(b)]);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  await db.drop();
}
