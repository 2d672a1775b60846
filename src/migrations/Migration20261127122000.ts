import { Migration } from '@mikro-orm/migrations';
import type { EntityManager } from '../db.js';
import { readYaml } from '../modules/knowledge/yaml-data.js';
import { normalizeBarcode } from '../modules/product/barcode.js';
import { refreshSimilarProduct } from '../modules/product/similarity.service.js';

type RepairField = 'barcode' | 'category' | 'description';
const COLUMN: Record<RepairField, string> = { barcode: 'barcode', category: 'category_id', description: 'description' };

export interface FieldRepair {
  productId: string;
  alias: string;
  field: RepairField;
  /** Where the value came from (earlier draft, Open Beauty Facts, demo catalog); null: not repaired. */
  source: string | null;
  /** Why it could not be repaired, when it could not. */
  reason?: string;
}

interface Wiped {
  product_id: string;
  alias: string;
  source_name: string | null;
  source_code: string | null;
  reviewed_at: Date;
  barcode: boolean;
  category: boolean;
  description: boolean;
}

interface CatalogRecord {
  alias: string;
  category?: string;
  barcode?: string | number;
  description?: string;
}

/**
 * Before drafts recorded the fields they were sent (the previous migration), approving a
 * correction of a product copied the draft's empty barcode, category and description over the
 * product's. This puts back each wiped field from what still knows it: the approved draft before
 * the wiping one (the one that created the product, or an earlier correction), the Open Beauty
 * Facts code the product was imported under, the demo catalog. Every field it could not put back
 * is logged, with why.
 *
 * Once: corrections approved from now on record their fields and wipe nothing, so there is no new
 * damage to look for at each start. No down: the wiped values are not kept anywhere to wipe again.
 */
export class Migration20261127122000 extends Migration {
  override name = 'Migration20261127122000';

  /** What the last run in this process repaired and could not, as it also logs it. */
  static lastRun: FieldRepair[] = [];

  override async up(): Promise<void> {
    const repairs = await repairWipedProducts(this.getEntityManager() as EntityManager);
    Migration20261127122000.lastRun = repairs;
    const repaired = repairs.filter((r) => r.source);
    const unrepaired = repairs.filter((r) => !r.source);
    // The app's logger does not exist yet while migrations run: plain lines on the console.
    if (repaired.length)
      console.info(
        `restored ${repaired.length} product fields wiped by approved corrections: ${repaired.map((r) => `${r.alias} ${r.field} (from ${r.source})`).join('; ')}`,
      );
    if (unrepaired.length)
      console.warn(
        `${unrepaired.length} product fields wiped by approved corrections that nothing knows any more: ${unrepaired.map((r) => `${r.alias} ${r.field} (${r.reason})`).join('; ')}`,
      );
  }
}

/**
 * Corrections approved before sent fields were recorded (sent_fields null) of products that existed
 * before the draft (so not the draft that created them), whose field is empty in both the draft
 * and the product today.
 */
async function wipedProducts(em: EntityManager): Promise<Wiped[]> {
  return em.execute<
    Wiped[]
  >(`select p.id as product_id, p.alias, p.source_name, p.source_code, max(d.reviewed_at) as reviewed_at,
      bool_or(d.barcode is null and p.barcode is null) as barcode, bool_or(d.category_id is null and p.category_id is null) as category,
      bool_or(d.description = '' and p.description = '') as description
    from product_draft d join product p on p.id = d.product_id
    where d.status = 'approved' and d.sent_fields is null and p.created_at < d.created_at
      and ((d.barcode is null and p.barcode is null) or (d.category_id is null and p.category_id is null) or (d.description = '' and p.description = ''))
    group by p.id`);
}

/** The value the latest approved draft before the wiping one gave the field, if any. */
async function fromEarlierDraft(em: EntityManager, row: Wiped, field: RepairField): Promise<string | null> {
  const column = COLUMN[field];
  const [found] = await em.execute<Array<{ value: string }>>(
    `select ${column} as value from product_draft where product_id = ? and status = 'approved' and reviewed_at < ?
       and nullif(${column}::text, '') is not null order by reviewed_at desc limit 1`,
    [row.product_id, row.reviewed_at],
  );
  return found?.value ?? null;
}

async function fromDemoCatalog(
  em: EntityManager,
  catalog: Map<string, CatalogRecord>,
  row: Wiped,
  field: RepairField,
): Promise<string | null> {
  const record = catalog.get(row.alias);
  if (!record) return null;
  if (field === 'barcode') return record.barcode ? String(record.barcode) : null;
  if (field === 'description') return record.description || null;
  if (!record.category) return null;
  const [category] = await em.execute<Array<{ id: string }>>('select id from product_category where alias = ?', [
    record.category,
  ]);
  return category?.id ?? null;
}

/** Restores what it can (in the migration's transaction); returns every wiped field with its source or why not. */
async function repairWipedProducts(em: EntityManager): Promise<FieldRepair[]> {
  const rows = await wipedProducts(em);
  if (!rows.length) return [];
  const catalog = new Map(readYaml<CatalogRecord[]>('catalog/products.yaml').map((r) => [r.alias, r]));
  const report: FieldRepair[] = [];
  for (const row of rows) {
    const empty = (['barcode', 'category', 'description'] as const).filter((f) => row[f]);
    for (const field of empty) {
      const candidates: Array<[string, () => Promise<string | null>]> = [
        ['earlier draft', () => fromEarlierDraft(em, row, field)],
        [
          'Open Beauty Facts',
          async () =>
            field === 'barcode' && row.source_name === 'open-beauty-facts' && row.source_code
              ? normalizeBarcode(row.source_code)
              : null,
        ],
        ['demo catalog', () => fromDemoCatalog(em, catalog, row, field)],
      ];
      let repaired: FieldRepair | null = null;
      let reason = 'no earlier draft, source or catalog entry knows it (it may never have had one)';
      for (const [source, value] of candidates) {
        const found = await value();
        if (!found) continue;
        if (field === 'barcode') {
          const [{ taken }] = await em.execute<Array<{ taken: number }>>(
            'select count(*)::int as taken from product where barcode = ? and id <> ?',
            [found, row.product_id],
          );
          if (taken) {
            reason = `barcode ${found} now belongs to another product`;
            continue;
          }
        }
        await em.execute(`update product set ${COLUMN[field]} = ? where id = ?`, [found, row.product_id]);
        repaired = { productId: row.product_id, alias: row.alias, field, source };
        break;
      }
      report.push(repaired ?? { productId: row.product_id, alias: row.alias, field, source: null, reason });
    }
  }
  // An instance already running (a rolling deployment) may hold the similarity index.
  for (const id of new Set(report.filter((r) => r.source).map((r) => r.productId))) refreshSimilarProduct(id);
  return report;
}
