// The CosIng inventory we ship (data/eu/cosing-inventory.csv: the Commission's "Ingredients-Fragrance
// Inventory", 2020-12-30 snapshot; Source: European Commission, CosIng database, CC BY 4.0), read once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { dataDir } from './yaml-data.js';

export interface InventoryRow {
  ref: string;
  /** Upper case, as CosIng writes it. */
  name: string;
  cas: string | null;
  ec: string | null;
  /** CosIng function names, as written ("SKIN CONDITIONING - EMOLLIENT"). */
  functions: string[];
}

export const INVENTORY_FILE = 'eu/cosing-inventory.csv';
export const INVENTORY_CREDIT = 'Source: European Commission, CosIng database (CC BY 4.0)';

// Held weakly: the rows are read at seeding and by the data scripts, then not for the life of the server, and
// 28,000 rows would stay in its memory.
let cached: WeakRef<InventoryRow[]> | null = null;

/** Every row of the shipped inventory. */
export function readInventory(): InventoryRow[] {
  const known = cached?.deref();
  if (known) return known;
  const rows = (
    parse(readFileSync(join(dataDir, INVENTORY_FILE), 'utf8'), {
      columns: true,
      bom: true,
      skip_empty_lines: true,
    }) as Array<Record<string, string>>
  )
    .filter((r) => r.inci_name?.trim())
    .map((r) => ({
      ref: r.cosing_ref_no,
      name: r.inci_name.trim(),
      cas: r.cas_number?.trim() || null,
      ec: r.ec_number?.trim() || null,
      functions: (r.functions ?? '')
        .split(',')
        .map((f) => f.trim())
        .filter((f) => f && f !== 'NOT REPORTED'),
    }));
  cached = new WeakRef(rows);
  return rows;
}
