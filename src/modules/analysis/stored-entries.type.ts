import { JsonType } from '@mikro-orm/core';
import type { StoredEntry } from './analysis.entity.js';

/**
 * An analysis's entries as a `json` column (kept as sent, not parsed into jsonb: nothing queries
 * inside it) with the fields that hold their usual value left out, so that a typical row stays
 * under a page and is written without a TOAST table. Both cost every insert on the hot path of
 * POST /analyze/ingredient_list. Rows written in full before this format read the same.
 */
export class StoredEntriesType extends JsonType {
  override convertToDatabaseValue(value: unknown): string {
    return serializeEntries(value as StoredEntry[]);
  }

  override convertToJSValue(value: unknown): StoredEntry[] {
    const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
    return Array.isArray(parsed) ? parsed.map(completeEntry) : [];
  }

  override getColumnType(): string {
    return 'json';
  }
}

/** The usual value of each field that may be left out when stored. */
const DEFAULTS = {
  ingredientId: null,
  concentration: null,
  mayContain: false,
  nano: false,
  active: false,
  part: null,
} as const;

export function serializeEntries(entries: StoredEntry[]): string {
  return JSON.stringify(
    entries.map((entry) => {
      const sparse: Partial<StoredEntry> = { position: entry.position, input: entry.input, match: entry.match };
      if (entry.ingredientId !== null) sparse.ingredientId = entry.ingredientId;
      if (entry.concentration !== null) sparse.concentration = entry.concentration;
      if (entry.mayContain) sparse.mayContain = true;
      if (entry.nano) sparse.nano = true;
      if (entry.active) sparse.active = true;
      if (entry.part) sparse.part = entry.part;
      if (entry.unread) sparse.unread = true;
      if (entry.alsoPrintedAs?.length) sparse.alsoPrintedAs = entry.alsoPrintedAs;
      if (entry.outsideList) sparse.outsideList = true;
      return sparse;
    }),
  );
}

function completeEntry(stored: Partial<StoredEntry>): StoredEntry {
  return { ...DEFAULTS, ...stored } as StoredEntry;
}
