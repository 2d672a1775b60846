// Demo shelves (issue 41; data/demo/shelves.yaml): every demo member owns the products of their
// routines (in use) and a few more in every state, so a plan can be made from a shelf right after
// `npm start`. Written after the demo community: two reads and one insert, whatever the number of members.
import type { EntityManager } from '../db.js';
import { readYaml } from '../modules/knowledge/yaml-data.js';
import { newId } from '../modules/shared/ids.js';
import { applyShelfChanges, NEW_SHELF_ITEM, type ShelfItemFieldChanges } from '../modules/shelf/shelf-fields.js';
import { type PrescribedTime, ShelfItem, ShelfItemStatus } from '../modules/shelf/shelf-item.entity.js';

interface ShelfRecord {
  product: string;
  status: `${ShelfItemStatus}`;
  opened_days_ago?: number;
  finished_days_ago?: number;
  amount_left?: number;
  tolerated?: boolean;
  prescribed?: { days: string[]; time_of_day: `${PrescribedTime}` };
  note?: string;
}

const DAY = 86_400_000;
const FIELDS = new Set([
  'product',
  'status',
  'opened_days_ago',
  'finished_days_ago',
  'amount_left',
  'tolerated',
  'prescribed',
  'note',
]);
/** How a routine's product is held unless the file says otherwise: in daily use for months, without trouble. */
const ROUTINE_PRODUCT: ShelfRecord = {
  product: '',
  status: ShelfItemStatus.in_use,
  opened_days_ago: 120,
  tolerated: true,
};

export async function seedDemoShelves(em: EntityManager): Promise<number> {
  const file = 'data/demo/shelves.yaml';
  const shelves = readYaml<Array<{ user: string; items: ShelfRecord[] }>>('demo/shelves.yaml');
  // The members with the products of their routines, routine by routine and step by step (one statement).
  const members = (await em.execute(
    `select u.id as "userId", u.username, p.id as "productId", p.alias
       from app_user u
       left join routine r on r.owner_id = u.id
       left join routine_step st on st.routine_id = r.id
       left join product p on p.id = st.product_id
      where u.subject like 'demo|%' and u.user_type = 'member'
      order by u.username, r.created_at, r.id, st.position`,
  )) as Array<{ userId: string; username: string; productId: string | null; alias: string | null }>;
  const aliases = [...new Set(shelves.flatMap((s) => s.items.map((i) => i.product)))];
  const productIds = new Map(
    (
      (await em.execute('select id, alias from product where alias in (?)', [aliases])) as Array<{
        id: string;
        alias: string;
      }>
    ).map((p) => [p.alias, p.id]),
  );
  for (const record of shelves.flatMap((s) => s.items)) {
    // A comma in an unquoted flow-style note would make a key of its tail: refuse what is not a field.
    const unknown = Object.keys(record).filter((key) => !FIELDS.has(key));
    if (unknown.length) throw new Error(`${file}: ${record.product}: unknown field ${unknown.join(', ')}`);
  }
  const listed = new Map(shelves.map((s) => [s.user, s.items]));
  for (const user of listed.keys())
    if (!members.some((m) => m.username === user)) throw new Error(`${file}: no demo member "${user}"`);

  const now = new Date();
  const dayOf = (daysAgo: number | undefined) =>
    daysAgo === undefined ? null : new Date(now.getTime() - daysAgo * DAY).toISOString().slice(0, 10);
  const rows: Array<Record<string, unknown>> = [];
  for (const username of [...new Set(members.map((m) => m.username))]) {
    const userId = members.find((m) => m.username === username)!.userId;
    const extras = listed.get(username) ?? [];
    // Routine products first (each once), as the file holds them when it names them; then the file's others.
    const routineAliases = [...new Set(members.filter((m) => m.username === username && m.alias).map((m) => m.alias!))];
    const records = [
      ...routineAliases.map(
        (alias) => extras.find((e) => e.product === alias) ?? { ...ROUTINE_PRODUCT, product: alias },
      ),
      ...extras.filter((e) => !routineAliases.includes(e.product)),
    ];
    for (const record of records) {
      const productId =
        members.find((m) => m.username === username && m.alias === record.product)?.productId ??
        productIds.get(record.product);
      if (!productId) throw new Error(`${file}: no product "${record.product}"`);
      const changes: ShelfItemFieldChanges = {
        status: record.status as ShelfItemStatus,
        openedOn: dayOf(record.opened_days_ago),
        finishedOn: dayOf(record.finished_days_ago),
        amountLeft: record.amount_left ?? null,
        tolerated: record.tolerated ?? false,
        prescribed: record.prescribed
          ? { days: record.prescribed.days, timeOfDay: record.prescribed.time_of_day as PrescribedTime }
          : null,
        note: record.note ?? null,
      };
      let state: ReturnType<typeof applyShelfChanges>;
      try {
        // The same bounds as the routes: a demo item is one a person could have written.
        state = applyShelfChanges(NEW_SHELF_ITEM, changes, now);
      } catch (error) {
        throw new Error(`${file}: ${username}, ${record.product}: ${(error as Error).message}`);
      }
      // Oldest first, in the order listed: one second apart, ending a minute before seeding.
      const createdAt = new Date(now.getTime() - 60_000 - (1000 - rows.length) * 1000);
      rows.push({
        id: newId(),
        owner: userId,
        product: productId,
        analysis: null,
        ...state,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  if (rows.length) await em.insertMany(ShelfItem, rows as never);
  return rows.length;
}
