// Before drafts recorded the fields they were sent, approving a correction copied the
// draft's empty barcode, category and description over the product's. This finds the products so
// wiped and restores each field from what still knows it; what nothing knows is listed.
import type { EntityManager } from '../../db.js';
import { readYaml } from '../knowledge/yaml-data.js';
import { normalizeBarcode } from '../product/barcode.js';
import { refreshSimilarProduct } from '../product/similarity.service.js';

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

interface Wiped { product_id: string; alias: string; source_name: string | null; source_code: string | null; reviewed_at: Date; barcode: boolean; category: boolean; description: boolean }

interface CatalogRecord { alias: string; category?: string; barcode?: string | number; description?: string }

/**
 * Corrections approved before sent fields were recorded (sent_fields null) of products that existed
 * before the draft (so not the draft that created them), whose field is empty in both the draft
 * and the product today.
 */
async function wipedProducts(em: EntityManager): Promise<Wiped[]> {
  return em.execute<Wiped[]>(`select p.id as product_id, p.alias, p.source_name, p.source_code, max(d.reviewed_at) as reviewed_at,
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
       and nullif(${column}::text, '') is not null order by reviewed_at desc limit 1`, [row.product_id, row.reviewed_at]);
  return found?.value ?? null;
}

async function fromDemoCatalog(em: EntityManager, catalog: Map<string, CatalogRecord>, row: Wiped, field: RepairField): Promise<string | null> {
  const record = catalog.get(row.alias);
  if (!record) return null;
  if (field === 'barcode') return record.barcode ? String(record.barcode) : null;
  if (field === 'description') return record.description || null;
  if (!record.category) return null;
  const [category] = await em.execute<Array<{ id: string }>>('select id from product_category where alias = ?', [record.category]);
  return category?.id ?? null;
}

/** Restores what it can, in one transaction; returns every wiped field with its source or why not. */
export async function repairWipedProducts(em: EntityManager): Promise<FieldRepair[]> {
  return em.transactional(async (tx) => {
    const rows = await wipedProducts(tx);
    if (!rows.length) return [];
    const catalog = new Map(readYaml<CatalogRecord[]>('catalog/products.yaml').map((r) => [r.alias, r]));
    const report: FieldRepair[] = [];
    for (const row of rows) {
      const empty = (['barcode', 'category', 'description'] as const).filter((f) => row[f]);
      for (const field of empty) {
        const candidates: Array<[string, () => Promise<string | null>]> = [
          ['earlier draft', () => fromEarlierDraft(tx, row, field)],
          ['Open Beauty Facts', async () => (field === 'barcode' && row.source_name === 'open-beauty-facts' && row.source_code ? normalizeBarcode(row.source_code) : null)],
          ['demo catalog', () => fromDemoCatalog(tx, catalog, row, field)],
        ];
        let repaired: FieldRepair | null = null;
        let reason = 'no earlier draft, source or catalog entry knows it';
        for (const [source, value] of candidates) {
          const found = await value();
          if (!found) continue;
          if (field === 'barcode') {
            const [{ taken }] = await tx.execute<Array<{ taken: number }>>('select count(*)::int as taken from product where barcode = ? and id <> ?', [found, row.product_id]);
            if (taken) { reason = `barcode ${found} now belongs to another product`; continue; }
          }
          await tx.execute(`update product set ${COLUMN[field]} = ? where id = ?`, [found, row.product_id]);
          repaired = { productId: row.product_id, alias: row.alias, field, source };
          break;
        }
        report.push(repaired ?? { productId: row.product_id, alias: row.alias, field, source: null, reason });
      }
    }
    return report;
  }).then((report) => {
    for (const id of new Set(report.filter((r) => r.source).map((r) => r.productId))) refreshSimilarProduct(id);
    return report;
  });
}
