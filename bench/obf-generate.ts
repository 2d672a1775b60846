// Writes a synthetic Open Beauty Facts export for benchmarks of import:obf: JSONL (or the
// tab-separated CSV) in OBF's product shape, built from our own knowledge base's INCI names plus
// made-up ones, with the bad lines a real export has (broken JSON, missing code, wrong check
// digit, no ingredient text, repeated barcodes) at about 2%. Seeded: the same arguments give
// the same file. Write it outside the repository.
//   node --import ./register.mjs bench/obf-generate.ts OUT.jsonl[.gz]|OUT.csv [--lines 200000] [--seed 1]
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { Writable } from 'node:stream';
import { gs1CheckDigit } from '../src/modules/product/barcode.js';
import { readYamlLists } from '../src/modules/knowledge/yaml-data.js';

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith('--'));
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
if (!out) {
  console.error(
    'usage: node --import ./register.mjs bench/obf-generate.ts OUT.jsonl[.gz]|OUT.csv [--lines 200000] [--seed 1]',
  );
  process.exit(2);
}
const lines = option('--lines', 200_000);
let seed = option('--seed', 1) >>> 0;
// mulberry32: small, fast, seeded.
const random = (): number => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

const inci = readYamlLists<{ inci: string }>('ingredients').map((i) => i.inci);
const common = [
  'Aqua',
  'Glycerin',
  'Butylene Glycol',
  'Phenoxyethanol',
  'Parfum',
  'Dimethicone',
  'Cetearyl Alcohol',
  'Sodium Hydroxide',
  'Citric Acid',
  'Tocopherol',
  'Xanthan Gum',
  'Carbomer',
  'Niacinamide',
  'Panthenol',
  'Limonene',
  'Linalool',
];
const invented = Array.from({ length: 400 }, (_, i) => `Extractum Inventum ${i}`);
const brands = Array.from(
  { length: 3000 },
  (_, i) =>
    `${pick(['Lumi', 'Derma', 'Aqua', 'Bio', 'Pure', 'Skin', 'Vera', 'Nova'])}${pick(['lab', 'care', 'ra', 'sens', 'belle', 'vita'])} ${i}`,
);
const categories = [
  ['en:cosmetics', 'en:face-care', 'en:face-creams', 'en:day-creams'],
  ['en:cosmetics', 'en:body-care', 'en:shower-gels'],
  ['en:cosmetics', 'en:hair-care', 'en:shampoos'],
  ['en:cosmetics', 'en:face-care', 'en:serums'],
  ['en:cosmetics', 'en:sun-care', 'en:sunscreens'],
  ['en:cosmetics', 'en:deodorants'],
  ['en:cosmetics', 'en:lip-care', 'en:lip-balms'],
  ['en:cosmetics', 'en:face-care', 'en:micellar-waters'],
  [],
];
const quantities = ['50 ml', '200ml', '1.7 fl oz', '100 g', '2 x 75 ml', '400 mL', '30ml e', '', '10 sheets'];
const kinds = ['Cream', 'Serum', 'Cleanser', 'Lotion', 'Balm', 'Gel', 'Toner', 'Mask', 'Shampoo', 'Sunscreen SPF 50'];

function ean13(n: number): string {
  const body = `3${String(n).padStart(11, '0')}`;
  return body + gs1CheckDigit(body);
}

function ingredientList(): string {
  const count = 12 + Math.floor(random() * 25);
  const names = ['Aqua'];
  for (let i = 1; i < count; i++)
    names.push(random() < 0.5 ? pick(common) : random() < 0.92 ? pick(inci) : pick(invented));
  return names.join(', ');
}

function product(n: number): Record<string, unknown> {
  const lang = random() < 0.7 ? 'en' : pick(['fr', 'de', 'es']);
  const name = `${pick(kinds)} ${n}`;
  const list = ingredientList();
  const p: Record<string, unknown> = {
    code: ean13(n),
    lang,
    lc: lang,
    brands: pick(brands),
    categories_tags: pick(categories),
    quantity: pick(quantities),
    last_modified_t: 1_600_000_000 + Math.floor(random() * 100_000_000),
    product_name: name,
  };
  if (lang === 'en') {
    p.product_name_en = name;
    p.ingredients_text = list;
    p.ingredients_text_en = list;
  } else {
    p[`product_name_${lang}`] = name;
    p.ingredients_text = list;
    p[`ingredients_text_${lang}`] = list;
  }
  if (random() < 0.05)
    p.ingredients_text_with_allergens = list.replace('Limonene', '<span class="allergen">Limonene</span>');
  return p;
}

const COLUMNS = [
  'code',
  'lang',
  'product_name',
  'product_name_en',
  'brands',
  'categories_tags',
  'quantity',
  'ingredients_text',
  'ingredients_text_en',
  'last_modified_t',
];
const csv = /\.csv(\.gz)?$/.test(out);
const file = createWriteStream(out);
const sink: Writable = out.endsWith('.gz') ? createGzip() : file;
if (sink !== file) sink.pipe(file);
const write = async (text: string): Promise<void> => {
  if (!sink.write(text)) await once(sink, 'drain');
};

if (csv) await write(`${COLUMNS.join('\t')}\n`);
for (let n = 1; n <= lines; n++) {
  const roll = random();
  let text: string;
  if (roll < 0.005) text = '{"code": "3000000000001", "product_name": "broken';
  else {
    const p = product(roll < 0.01 ? Math.max(1, n - 7) : n);
    if (roll >= 0.01 && roll < 0.013) delete p.code;
    else if (roll >= 0.013 && roll < 0.016)
      p.code = String(p.code).slice(0, -1) + ((Number(String(p.code).at(-1)) + 1) % 10);
    else if (roll >= 0.016 && roll < 0.02)
      for (const k of Object.keys(p)) if (k.startsWith('ingredients_text')) delete p[k];
    text = csv
      ? COLUMNS.map((c) =>
          (Array.isArray(p[c]) ? (p[c] as string[]).join(',') : String(p[c] ?? '')).replace(/[\t\n]/g, ' '),
        ).join('\t')
      : JSON.stringify(p);
  }
  await write(`${text}\n`);
}
sink.end();
await once(file, 'close');
console.log(`wrote ${lines} lines to ${out}`);
