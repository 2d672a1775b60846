// Retailer-offer feeds (CSV with a header row, or a JSON array of objects) applied to the offer
// table: one active offer per product and retailer. Idempotent: a feed applied twice changes
// nothing the second time. Bad lines are reported with their line and field and skipped; the
// good ones land in one transaction.
import { parse as parseCsv } from 'csv-parse/sync';
import type { EntityManager } from '../../db.js';
import { AppError } from '../../errors.js';
import { Product, ProductOffer } from '../product/product.entity.js';
import { checkedOfferFields } from './offer-write.service.js';

export interface FeedLine {
  line: number;
  product: string;
  retailer: string;
  url: string;
  price: string;
  currency: string;
  ended: string;
}
export interface FeedProblem {
  line: number;
  field: string;
  message: string;
}
export interface FeedReport {
  lines: number;
  added: number;
  changed: number;
  ended: number;
  unchanged: number;
  bad: FeedProblem[];
}

const COLUMNS = ['product', 'retailer', 'url', 'price', 'currency', 'ended'] as const;

export class FeedFormatError extends Error {}

/** Reads a feed's text: JSON when it starts with "[", else CSV with a header naming the columns. */
export function readFeed(text: string): FeedLine[] {
  const cell = (v: unknown) => (v == null ? '' : String(v).trim());
  if (text.trimStart().startsWith('[')) {
    let rows: unknown;
    try {
      rows = JSON.parse(text);
    } catch (error) {
      throw new FeedFormatError(`not valid JSON: ${(error as Error).message}`);
    }
    if (!Array.isArray(rows)) throw new FeedFormatError('a JSON feed is an array of offers');
    // JSON "lines" are the array's items, counted from 1.
    return rows.map((row, i) => {
      const r = (row && typeof row === 'object' ? row : {}) as Record<string, unknown>;
      return {
        line: i + 1,
        product: cell(r.product),
        retailer: cell(r.retailer),
        url: cell(r.url),
        price: cell(r.price),
        currency: cell(r.currency),
        ended: cell(r.ended),
      };
    });
  }
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parseCsv(text, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
      relax_column_count: true,
      info: true,
    }) as never;
  } catch (error) {
    throw new FeedFormatError(`not valid CSV: ${(error as Error).message}`);
  }
  const header = records.length ? Object.keys(records[0].record) : [];
  for (const needed of ['product', 'retailer', 'url'])
    if (records.length && !header.includes(needed))
      throw new FeedFormatError(`the CSV header must name the columns ${COLUMNS.join(', ')} (missing "${needed}")`);
  return records.map(({ record, info }) => ({
    line: info.lines,
    product: cell(record.product),
    retailer: cell(record.retailer),
    url: cell(record.url),
    price: cell(record.price),
    currency: cell(record.currency),
    ended: cell(record.ended),
  }));
}

export async function applyFeed(em: EntityManager, lines: FeedLine[]): Promise<FeedReport> {
  const report: FeedReport = { lines: lines.length, added: 0, changed: 0, ended: 0, unchanged: 0, bad: [] };
  const keys = [...new Set(lines.map((l) => l.product).filter(Boolean))];
  await em.transactional(async (tx) => {
    const products = await tx.find(Product, {
      $or: [{ alias: { $in: keys } }, { id: { $in: keys.filter((k) => /^[0-9a-f-]{36}$/i.test(k)) } }],
    });
    const productOf = new Map<string, Product>();
    for (const p of products) {
      productOf.set(p.id, p);
      productOf.set(p.alias, p);
    }
    const active = await tx.find(ProductOffer, { product: { $in: products.map((p) => p.id) }, endedAt: null });
    const offerOf = new Map(active.map((o) => [`${o.product.id}|${o.retailer.toLowerCase()}`, o]));
    const seen = new Set<string>();
    for (const line of lines) {
      const product = productOf.get(line.product);
      if (!product) {
        report.bad.push({
          line: line.line,
          field: 'product',
          message: line.product ? `no product "${line.product}"` : 'product is empty',
        });
        continue;
      }
      const ended = /^(1|true|yes)$/i.test(line.ended);
      if (line.ended && !ended && !/^(0|false|no)$/i.test(line.ended)) {
        report.bad.push({ line: line.line, field: 'ended', message: 'ended is true or false' });
        continue;
      }
      let fields;
      try {
        const price = line.price === '' ? null : Number(line.price);
        if (price != null && Number.isNaN(price))
          throw new AppError('VALIDATION_FAILED', 'price must be a number', { field: 'price' });
        fields = checkedOfferFields(
          {
            retailer: line.retailer,
            url: ended && !line.url ? 'https://ended.invalid/' : line.url,
            price,
            currency: line.currency || null,
          },
          false,
        );
      } catch (error) {
        const app = error as AppError;
        report.bad.push({
          line: line.line,
          field: (app.details as { field?: string } | undefined)?.field ?? 'line',
          message: app.message,
        });
        continue;
      }
      const key = `${product.id}|${fields.retailer!.toLowerCase()}`;
      if (seen.has(key)) {
        report.bad.push({
          line: line.line,
          field: 'retailer',
          message: `"${fields.retailer}" appears twice for "${line.product}" in this feed`,
        });
        continue;
      }
      seen.add(key);
      const offer = offerOf.get(key);
      if (ended) {
        if (offer) {
          offer.endedAt = new Date();
          offer.updatedAt = offer.endedAt;
          report.ended++;
        } else report.unchanged++;
        continue;
      }
      if (!offer) {
        tx.create(ProductOffer, {
          product: product.id,
          retailer: fields.retailer!,
          url: fields.url!,
          price: fields.price ?? null,
          currency: fields.currency ?? null,
          endedAt: null,
          updatedAt: new Date(),
        } as never);
        report.added++;
      } else if (
        offer.url !== fields.url ||
        offer.retailer !== fields.retailer ||
        (offer.price == null ? null : Number(offer.price)) !== (fields.price == null ? null : Number(fields.price)) ||
        (offer.currency ?? null) !== fields.currency
      ) {
        Object.assign(offer, {
          url: fields.url,
          retailer: fields.retailer,
          price: fields.price,
          currency: fields.currency,
          updatedAt: new Date(),
        });
        report.changed++;
      } else report.unchanged++;
    }
    await tx.flush();
  });
  return report;
}

export function formatFeedReport(report: FeedReport): string {
  const out = [
    `${report.lines} lines: ${report.added} added, ${report.changed} changed, ${report.ended} ended, ${report.unchanged} unchanged, ${report.bad.length} bad`,
  ];
  for (const bad of report.bad) out.push(`  line ${bad.line}: ${bad.field}: ${bad.message}`);
  return out.join('\n');
}
