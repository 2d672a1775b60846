// The products a plan weighs, as the engine's PlanProduct: each list read at dose by the analysis's own reading
// (list-reading.ts readEntries → dosedIngredients: a trace of retinyl palmitate is no retinoid night), the SPF
// through the one SPF reader (analysis/engine/spf.ts), the size in base units, what the analysis could not read,
// and the live offers. Three statements whatever the number of products: the products (the shelf's and the
// catalog's candidates for every open slot, one UNION ALL), their entries, their offers.
import type { Context } from '../../context.js';
import { readRows } from '../../read-rows.js';
import { inAlphabeticalOrder } from '../analysis/engine/concentration.js';
import { readSpf, SPF_SQL_PATTERN } from '../analysis/engine/spf.js';
import { productTypeOfCategory, readEntries } from '../analysis/list-reading.js';
import type { StoredEntry } from '../analysis/analysis.entity.js';
import type { ActiveOutsideList } from '../analysis/engine/analyze.js';
import type { Ingredient } from '../ingredient/ingredient.entity.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import type { PlanIngredient, PlanOffer, PlanProduct } from './engine/types.js';

/** Candidates read per open slot: the engine chooses among them (cheapest that suits, research §4.4 step 5). */
export const CANDIDATES_PER_SLOT = 25;
/** Live offers walked, cheapest first, for every slot at once: a fixed amount of work whatever the catalog. */
export const OFFERS_WALKED = 4000;

/** A catalog slot the planner may have to fill: a routine step by category, or an active by its ingredients. */
export type CandidateSlot =
  | { key: string; stepType: 'protect' | 'cleanse' | 'moisturise' }
  | { key: string; ingredientIds: string[] };

export interface CandidateFilter {
  /** Ingredients no candidate may hold (negative feelings, suspects, sensitivities). */
  avoidIngredientIds: string[];
  /** Flags no candidate may raise (pregnancy caution in pregnancy). */
  avoidFlags: string[];
  /** Flags no leave-on candidate may raise (fragrance for reactive skin). */
  avoidLeaveOnFlags: string[];
  /** Product ids or aliases never to plan. */
  excludeProductKeys: string[];
  excludeBrands: string[];
}

interface ProductRow {
  slot: string;
  id: string;
  alias: string;
  name: string;
  description: string;
  brand: string | null;
  stepType: string | null;
  categoryName: string | null;
  sizeAmount: number | null;
  toBase: number | null;
  unitKind: string | null;
}

interface EntryRow {
  productId: string;
  position: number;
  input: string;
  ingredientId: string | null;
  concentration: string | null;
  mayContain: boolean;
  unread: boolean;
  active: boolean;
  part: string | null;
  nano: boolean;
}

interface OfferRow {
  productId: string;
  retailer: string;
  url: string | null;
  price: string | null;
  currency: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A uuid no row has: stands in for an empty `in (…)` list, which SQL does not allow. */
const NO_ID = '00000000-0000-0000-0000-000000000000';
const orNone = (list: string[]) => (list.length ? list : [NO_ID]);

const COLUMNS = `p.id, p.alias, p.name, p.description, b.name as brand, c.step_type as "stepType",
  c.name as "categoryName", p.size_amount as "sizeAmount", u.to_base as "toBase", u.kind as "unitKind"`;
const JOINS = `join brand b on b.id = p.brand_id left join product_category c on c.id = p.category_id
  left join unit_of_measurement u on u.id = p.size_unit_id`;

/**
 * The products named by id or alias (the shelf, prescriptions, exclusions, a previous plan's purchases) and the
 * catalog's candidates for each slot, in one statement. Candidates come from one walk of the cheapest live priced
 * offers (index product_offer_live_price_index, at most OFFERS_WALKED of them, whatever the catalog's size: no scan
 * of the catalog); of those, a candidate is published, has no entry the analysis could not read and passes the
 * filter, and each slot takes its CANDIDATES_PER_SLOT cheapest. Prices are compared raw in the walk (the engine
 * converts currencies before it chooses), so an offer in a currency of large numbers (KRW, JPY) comes late.
 */
export async function productRows(
  ctx: Context,
  keys: string[],
  slots: CandidateSlot[],
  filter: CandidateFilter,
): Promise<ProductRow[]> {
  if (!keys.length && !slots.length) return [];
  const params: unknown[] = [];
  const parts: string[] = [];
  let cte = '';
  if (slots.length) {
    const where: string[] = [`p.status = 'published'`];
    if (filter.avoidIngredientIds.length) {
      where.push(`not (p.ingredient_ids && array[?]::text[])`);
      params.push(filter.avoidIngredientIds);
    }
    if (filter.avoidFlags.length) {
      where.push(`not (p.flags && array[?]::text[])`);
      params.push(filter.avoidFlags);
    }
    if (filter.excludeProductKeys.length) {
      where.push(`p.id not in (?) and p.alias not in (?)`);
      params.push(orNone(filter.excludeProductKeys.filter((k) => UUID.test(k))), filter.excludeProductKeys);
    }
    if (filter.excludeBrands.length) {
      where.push(`b.name not in (?)`);
      params.push(filter.excludeBrands);
    }
    where.push(`not exists (select 1 from product_ingredient pi where pi.product_id = p.id and pi.unread)`);
    cte = `with walk as (select o.product_id, o.price from product_offer o where o.ended_at is null and o.price is not null
              order by o.price, o.product_id limit ${OFFERS_WALKED}),
         cheap as materialized (select distinct on (p.id) ${COLUMNS}, p.ingredient_ids, p.flags, w.price
              from walk w join product p on p.id = w.product_id ${JOINS}
             where ${where.join(' and ')} order by p.id, w.price) `;
  }
  if (keys.length) {
    parts.push(
      `(select 'named' as slot, ${COLUMNS} from product p ${JOINS}
        where p.status = 'published' and (p.id in (?) or p.alias in (?)))`,
    );
    params.push(orNone(keys.filter((k) => UUID.test(k))), keys);
  }
  const slotColumns = COLUMNS.replace(/\b[pbcu]\.(?:(\w+) as ("\w+"|\w+)|(\w+))/g, (_m, _col, as, bare) =>
    bare ? `p."${bare}"` : `p."${as.replaceAll('"', '')}"`,
  );
  for (const slot of slots) {
    const where: string[] = [];
    const slotParams: unknown[] = [];
    if ('stepType' in slot) {
      where.push(`p."stepType" = ?`);
      slotParams.push(slot.stepType);
      // A sunscreen's SPF is read from its name: one that states none cannot be the morning's sunscreen (I7).
      if (slot.stepType === 'protect') {
        where.push(`p.name ~* ?`);
        slotParams.push(SPF_SQL_PATTERN);
      }
    } else {
      where.push(`p.ingredient_ids && array[?]::text[]`);
      slotParams.push(slot.ingredientIds);
    }
    // Fragrance-free leave-ons for reactive skin (I12); a cleanser is rinsed off.
    if (filter.avoidLeaveOnFlags.length && !('stepType' in slot && slot.stepType === 'cleanse')) {
      where.push(`not (p.flags && array[?]::text[])`);
      slotParams.push(filter.avoidLeaveOnFlags);
    }
    parts.push(
      `(select ? as slot, ${slotColumns} from cheap p where ${where.join(' and ')}
        order by p.price, p.id limit ${CANDIDATES_PER_SLOT})`,
    );
    params.push(slot.key, ...slotParams);
  }
  return readRows<ProductRow>(ctx.em, cte + parts.join(' union all '), params);
}

/** The entries of every product read, in one statement. */
function entryRows(ctx: Context, productIds: string[]): Promise<EntryRow[]> {
  if (!productIds.length) return Promise.resolve([]);
  return readRows<EntryRow>(
    ctx.em,
    `select product_id as "productId", position, input, ingredient_id as "ingredientId", concentration,
            may_contain as "mayContain", unread, active, part, nano
       from product_ingredient where product_id in (?) order by product_id, position`,
    [productIds],
  );
}

/** The live offers of every product read, in one statement. */
function offerRows(ctx: Context, productIds: string[]): Promise<OfferRow[]> {
  if (!productIds.length) return Promise.resolve([]);
  return readRows<OfferRow>(
    ctx.em,
    `select product_id as "productId", retailer, url, price::text as price, currency
       from product_offer where product_id in (?) and ended_at is null order by product_id, retailer, id`,
    [productIds],
  );
}

interface ReadableEntry {
  position: number;
  input: string;
  ingredientId: string | null;
  concentration: string | null;
  mayContain: boolean;
  unread?: boolean;
  active?: boolean;
  part?: string | null;
  nano?: boolean;
}

/** A list read at dose, as the engine takes it: "may contain" entries left out; what could not be read, counted. */
export async function readPlanList(
  ctx: Context,
  entries: ReadableEntry[],
  category: { stepType?: string | null; name?: string | null } | null,
  nameLine: string | null,
): Promise<Pick<PlanProduct, 'use' | 'ingredients' | 'reading'>> {
  const { byId } = await loadKnowledgeBase(ctx.em);
  const ingredients = entries.map((e) => (e.ingredientId ? (byId.get(e.ingredientId) ?? null) : null));
  const reading = readEntries(
    entries.map((e) => ({ ...e, concentration: e.concentration ?? null })),
    ingredients as Array<Ingredient | null>,
    productTypeOfCategory(category),
    nameLine,
  );
  const planIngredients: PlanIngredient[] = [];
  reading.entries.forEach((read, i) => {
    const d = read.dosed;
    if (!d || entries[i].mayContain) return;
    planIngredients.push({
      id: d.id,
      alias: d.alias,
      name: d.name,
      groups: d.groups,
      effects: d.effects,
      functions: d.functions,
      flags: d.flags,
      band: d.dose.max <= 1 ? 'at_most_1_percent' : d.dose.min > 1 ? 'above_1_percent' : null,
      significant: d.dose.significant,
    });
  });
  const listed = entries.filter((e) => !e.mayContain && !e.active);
  return {
    use: reading.productType === 'rinse_off' ? 'rinse_off' : 'leave_on',
    ingredients: planIngredients,
    reading: {
      // An entry that matched no ingredient, or words run together we could not split, is not read.
      unreadEntries: entries.filter((e) => !e.mayContain && (e.unread || !e.ingredientId)).length,
      activesOutsideList: [],
      // A Drug Facts list whose inactive ingredients are alphabetical says nothing about amounts (concentration.ts).
      unordered: entries.some((e) => e.active) && listed.length >= 2 && inAlphabeticalOrder(listed.map((e) => e.input)),
    },
  };
}

const sizeOf = (row: ProductRow): number | null =>
  row.sizeAmount != null && row.toBase != null && (row.unitKind === 'volume' || row.unitKind === 'mass')
    ? Math.round(row.sizeAmount * row.toBase * 100) / 100
    : null;

/** The rows as the engine's products (entries and offers read in two statements for all of them). */
export async function planProducts(ctx: Context, rows: ProductRow[]): Promise<Map<string, PlanProduct>> {
  const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
  const ids = unique.map((r) => r.id);
  const [entries, offers] = await Promise.all([entryRows(ctx, ids), offerRows(ctx, ids)]);
  const entriesOf = groupBy(entries, (e) => e.productId);
  const offersOf = groupBy(offers, (o) => o.productId);
  const out = new Map<string, PlanProduct>();
  for (const row of unique) {
    const list = await readPlanList(
      ctx,
      entriesOf.get(row.id) ?? [],
      row.stepType || row.categoryName ? { stepType: row.stepType, name: row.categoryName } : null,
      null,
    );
    const spf = readSpf(row.name, row.description);
    out.set(row.id, {
      id: row.id,
      name: row.name,
      brand: row.brand,
      stepType: row.stepType,
      ...list,
      spf: spf.spf,
      broadSpectrum: spf.broadSpectrum,
      size: sizeOf(row),
      offers: (offersOf.get(row.id) ?? []).map(
        (o): PlanOffer => ({
          retailer: o.retailer,
          url: o.url,
          price: o.price == null ? null : Number(o.price),
          currency: o.currency,
          live: true,
        }),
      ),
    });
  }
  return out;
}

/** An analysed list on the shelf, as the engine's product: no category, no size, no offer. */
export async function analysisProduct(
  ctx: Context,
  analysis: {
    id: string;
    entries: StoredEntry[];
    nameLine: string | null;
    activesOutsideList: ActiveOutsideList[] | null;
  },
  name: string,
): Promise<PlanProduct> {
  const list = await readPlanList(ctx, analysis.entries, null, analysis.nameLine);
  const spf = readSpf(analysis.nameLine);
  return {
    id: analysis.id,
    name,
    brand: null,
    stepType: null,
    ...list,
    reading: {
      ...list.reading,
      // Actives the label printed with a strength outside its list that the analysis did not read.
      activesOutsideList: (analysis.activesOutsideList ?? [])
        .filter((a) => !a.analysed)
        .map((a) => `${a.name} ${a.strength}`),
    },
    spf: spf.spf,
    broadSpectrum: spf.broadSpectrum,
    size: null,
    offers: [],
  };
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}

export type { ProductRow };
