// Writes data/labels/retail.yaml: ingredient sections as retail pages and packaging present them, each with what
// the analysis should return. The pieces (marketing copy, "free of" blocks, disclaimers, drug facts layouts, kit
// layouts, Korean and Japanese lists, multilingual synonyms, slips) are written here by us from how such pages and
// packs look; the ingredient lists they wrap are the clean lists of data/labels/corpus.yaml (as the parser reads
// them) and lists written below. Deterministic (seeded); run once and commit the output:
//   node_modules/.bin/node --import ./register.mjs scripts/label-corpus-build.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { parseIngredientList } from '../src/modules/analysis/engine/parse.js';
import { dataDir } from '../src/modules/knowledge/yaml-data.js';
import { loadIngredientRecords } from '../src/seeders/knowledge-base.js';

/** One expected entry: as printed, the INCI name it names (null: names no ingredient), and what else is expected. */
type Item = [printed: string, inci: string | null, extra?: { active?: string; part?: string }];

interface Label {
  name: string;
  classes: string[];
  lang: string;
  set_aside: string[];
  text: string;
  entries: Item[];
}

// --- A seeded random source -------------------------------------------------------------------------
let seed = 1913;
function rand(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const chance = (p: number): boolean => rand() < p;

// --- Clean lists ----------------------------------------------------------------------------------------
interface CleanLabel {
  name: string;
  text: string;
  expected: Array<string | null>;
}
const clean = YAML.parse(readFileSync(join(dataDir, 'labels', 'corpus.yaml'), 'utf8')) as CleanLabel[];
const baseLists: Item[][] = [];
for (const label of clean) {
  const parsed = parseIngredientList(label.text).entries;
  if (parsed.length !== label.expected.length || parsed.length < 6) continue;
  if (
    parsed.some(
      (e, i) =>
        e.active ||
        e.mayContain ||
        e.concentration ||
        e.nano ||
        label.expected[i] === null ||
        /[&]| and /i.test(e.input),
    )
  )
    continue;
  // Entries the analysis folds as duplicates would not line up.
  if (new Set(label.expected).size !== label.expected.length) continue;
  baseLists.push(parsed.map((e, i) => [e.input, label.expected[i]]));
}
const shortLists = baseLists.filter((l) => l.length <= 18);

const listText = (items: Item[], sep = ', '): string => items.map((i) => i[0]).join(sep);
const namesOf = (items: Item[]): string[] => items.map((i) => i[0]);

// --- Shops, marketing, disclaimers -------------------------------------------------------------------------
const SHOPS = ['Luma', 'Norde', 'Petal & Co', 'Beautyhaus', 'Skinsmith', 'Verde Market'];
const FREE_OF_BLOCKS: Array<(shop: string) => string> = [
  (s) =>
    `<b>Clean at ${s} products are formulated without:</b> Sulfates—SLS + SLES, Parabens, Formaldehydes, Formaldehyde-Releasing Agents, Phthalates, Mineral Oil, Retinyl Palmitate, Oxybenzone, Coal Tar, Hydroquinone, Triclosan, and Triclocarban. All skincare, makeup and hair products are formulated with less than one percent synthetic fragrances.`,
  (s) =>
    `<strong>Clean at ${s}:</strong> formulated without parabens, sulfates (SLS and SLES), phthalates, mineral oil, formaldehyde, oxybenzone and retinyl palmitate.`,
  () => `Free of: parabens, sulfates, phthalates, mineral oil, silicones, synthetic fragrance.`,
  () => `This product is free from parabens, SLS, SLES, mineral oil, PEGs and artificial colours.`,
  () =>
    `Formulated without: Parabens, Sulfates, Phthalates, Formaldehyde, Oxybenzone, Octinoxate, Retinyl Palmitate, Mineral Oil.`,
  () => `Does not contain: Parabens, Mineral Oil, Petrolatum, Talc, Synthetic Dyes, Triclosan.`,
  () => `No parabens, no sulfates, no phthalates, no mineral oil, no artificial fragrance.`,
  () => `Paraben-free | Sulfate-free | Fragrance-free | Cruelty-free | Vegan`,
  () =>
    `<p><strong>What it's formulated without:</strong></p><ul><li>Parabens</li><li>Sulfates SLS &amp; SLES</li><li>Phthalates</li><li>Mineral Oil</li><li>Formaldehyde</li></ul>`,
  () => `Formulated without parabens, sulfates, phthalates, mineral oil and retinyl palmitate.`,
  () => `We never use: mineral oil, petrolatum, parabens, formaldehyde donors, oxybenzone or octinoxate.`,
  () => `Contains no: Formaldehyde, Parabens, Triclosan, Benzophenone.`,
  () => `<b>Free from:</b> Parabens, Silicones, Mineral Oil, Alcohol, Essential Oils.`,
  () => `0% parabens, 0% silicones, 0% sulfates, 0% mineral oil.`,
  () => `Made without: parabens, phthalates, sodium lauryl sulfate, propylene glycol, synthetic dyes.`,
];
const FREE_OF_FOREIGN = [
  'Sans parabènes, sans sulfates, sans silicones, sans huile minérale.',
  'Ohne Parabene, ohne Silikone, ohne Mineralöl, ohne Mikroplastik.',
  'Sin parabenos, sin sulfatos, sin siliconas, sin aceites minerales.',
  'Formule sans : parabènes, phénoxyéthanol, silicones, huiles minérales.',
];
const MARKETING_LINES = [
  'Our bestselling serum, now in a bigger size.',
  'A lightweight, fast-absorbing formula that leaves skin soft and smooth.',
  'Suitable for all skin types, including sensitive skin.',
  'Dermatologist tested. Non-comedogenic.',
  'Visibly smoother skin in 2 weeks!',
  'Clinically shown to boost hydration by 72% after one use.',
  'What it is: a daily moisturizer that strengthens the skin barrier.',
  'Why we love it: it layers beautifully under makeup.',
];
const BENEFIT: Record<string, string> = {
  default: 'Helps skin look healthier and more radiant.',
};
const BENEFITS = [
  'Visibly minimizes pores.',
  'Hydrates, plumps, and smooths.',
  'Supports the skin barrier.',
  'Brightens the look of dull skin.',
  'Soothes and calms redness.',
  'Helps lock in moisture.',
  'Gently exfoliates for a smoother texture.',
  'Protects against dryness.',
];
const DISCLAIMERS = [
  'Please be aware that ingredient lists may change or vary from time to time. Please refer to the ingredient list on the product package you receive for the most up-to-date list of ingredients.',
  'Ingredients are subject to change at the manufacturer’s discretion. For the most complete and up-to-date list of ingredients, refer to the product packaging.',
  'Please note: the ingredient list is regularly updated. Before using the product, read the list on its packaging.',
  'This ingredient list is subject to change, customers should refer to the product packaging for the most up-to-date ingredient list.',
  'Ingredient lists may vary by batch; always check the packaging.',
];
const FOOTNOTES = [
  '*Certified Organic Ingredient',
  '*Organic',
  '†Naturally derived',
  '*Ingredient from organic farming',
];

// --- Building labels --------------------------------------------------------------------------------------
const labels: Label[] = [];
const counter = new Map<string, number>();
function add(prefix: string, classes: string[], lang: string, setAside: string[], text: string, entries: Item[]): void {
  const n = (counter.get(prefix) ?? 0) + 1;
  counter.set(prefix, n);
  labels.push({
    name: `${prefix}-${String(n).padStart(3, '0')}`,
    classes,
    lang,
    set_aside: [...new Set(setAside)].sort(),
    text,
    entries,
  });
}
const heading = (): string =>
  pick([
    'Ingredients: ',
    'INGREDIENTS: ',
    'Ingredients:\n',
    '<b>Ingredients:</b> ',
    '<p><strong>Ingredients</strong></p><p>',
    'Full ingredients list: ',
  ]);

// Clean lists copied as HTML (entities, <br>, <p>).
for (let i = 0; i < 30; i++) {
  const items = pick(baseLists);
  const body = listText(items).replace(/&/g, '&amp;');
  const html = pick([
    `<div class="product-ingredients"><p>${body}</p></div>`,
    `<p><b>Ingredients</b><br>${body}</p>`,
    `<h3>Ingredients</h3>\n<p>${body}.</p>`,
    `<span>${listText(items, ',&nbsp;')}</span>`,
    `<p>${heading()}${body}</p>`,
  ]);
  add('html-clean', ['html'], 'en', [], html, items);
}

// "Free of" blocks: after, glued after, before, mid-line, after a bold heading.
for (let i = 0; i < 90; i++) {
  const items = pick(baseLists);
  const block = chance(0.12) ? pick(FREE_OF_FOREIGN) : pick(FREE_OF_BLOCKS)(pick(SHOPS));
  const body = listText(items);
  const where = i % 6;
  let text: string;
  const classes = ['free_of'];
  if (block.includes('<')) classes.push('html');
  if (where === 0) text = `${heading()}${body}.\n\n${block}`;
  else if (where === 1)
    text = `${heading()}${body}.${block}`; // tags dropped: "Phenoxyethanol.Clean at …"
  else if (where === 2)
    text = `<p>${body} ${block}</p>`; // glued with a space only
  else if (where === 3) text = `${block}\n${heading()}${body}.`;
  else if (where === 4) text = `${block}\n${body}`;
  else
    text = `${heading()}${body}. ${block
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()} ${chance(0.5) ? 'Made in USA.' : ''}`.trim();
  if (where === 2 || where === 1) classes.push('glued');
  add(
    'free-of',
    classes,
    block === FREE_OF_FOREIGN[0] || block === FREE_OF_FOREIGN[3] ? 'fr' : 'en',
    ['free_of'],
    text,
    items,
  );
}

// Marketing bullets, "Key ingredients", headings glued to the first entry, disclaimers after the list.
for (let i = 0; i < 80; i++) {
  const items = pick(baseLists);
  const key = items.slice(1, 4);
  const body = listText(items);
  const v = i % 8;
  let text: string;
  const setAside = ['marketing'];
  const classes = ['marketing'];
  if (v === 0) text = `${key.map((k) => `-${k[0]}: ${pick(BENEFITS)}`).join('\n')}\nIngredients: ${body}.`;
  else if (v === 1)
    text = `Key ingredients: ${namesOf(key).join(', ')}.\n${pick(MARKETING_LINES)}\nFull ingredients: ${body}`;
  else if (v === 2) text = `${pick(MARKETING_LINES)} ${pick(MARKETING_LINES)} With ${key[0][0]}. Ingredients: ${body}.`;
  else if (v === 3) text = `<p>${pick(MARKETING_LINES)}</p><p><b>Ingredients:</b>${body}</p>`;
  else if (v === 4) {
    text = `${heading()}${body}.\n${pick(DISCLAIMERS)}`;
    setAside.splice(0, 1, 'disclaimer');
    classes.push('disclaimer');
  } else if (v === 5) {
    text = `${body}. ${pick(DISCLAIMERS)}`;
    setAside.splice(0, 1, 'disclaimer');
    classes.push('disclaimer');
  } else if (v === 6) text = `${key.map((k) => `• ${k[0]} – ${pick(BENEFITS)}`).join('\n')}\n${body}`;
  else {
    text = `<ul><li><b>${key[0][0]}:</b> ${pick(BENEFITS)}</li><li><b>${key[1][0]}:</b> ${pick(BENEFITS)}</li></ul><p>${pick(MARKETING_LINES)}</p><p>Ingredients: ${body}.</p><p><i>${pick(DISCLAIMERS)}</i></p>`;
    setAside.push('disclaimer');
    classes.push('html', 'disclaimer');
  }
  add('marketing', classes, 'en', setAside, text, items);
}
void BENEFIT;

// Footnotes with organic markers.
for (let i = 0; i < 10; i++) {
  const items = pick(shortLists).map((it, k): Item => (k % 3 === 1 ? [`${it[0]}*`, it[1]] : it));
  const printed = listText(items);
  const clean2 = items.map((it): Item => [it[0].replace(/\*$/, ''), it[1]]);
  add('footnote', ['footnote'], 'en', ['footnote'], `Ingredients: ${printed}.\n${pick(FOOTNOTES)}`, clean2);
}

// --- Drug facts variants ----------------------------------------------------------------------------------
const SUN_ACTIVES: Array<[string, string, string]> = [
  ['Zinc Oxide', 'Zinc Oxide', '20%'],
  ['Titanium Dioxide', 'Titanium Dioxide', '5.4%'],
  ['Avobenzone', 'Butyl Methoxydibenzoylmethane', '3%'],
  ['Homosalate', 'Homosalate', '10%'],
  ['Octisalate', 'Ethylhexyl Salicylate', '5%'],
  ['Octocrylene', 'Octocrylene', '2.7%'],
  ['Octinoxate', 'Ethylhexyl Methoxycinnamate', '7.5%'],
  ['Oxybenzone', 'Benzophenone-3', '6%'],
  ['Zinc Oxide', 'Zinc Oxide', '9.5%'],
];
const OTHER_ACTIVES: Array<[string, string, string, string]> = [
  ['Salicylic Acid', 'Salicylic Acid', '2%', 'Acne treatment'],
  ['Benzoyl Peroxide', 'Benzoyl Peroxide', '5%', 'Acne treatment'],
  ['Colloidal Oatmeal', 'Avena Sativa (Oat) Kernel Flour', '1%', 'Skin protectant'],
  ['Hydrocortisone', 'Hydrocortisone', '1%', 'Anti-itch'],
  ['Pyrithione Zinc', 'Zinc Pyrithione', '1%', 'Anti-dandruff'],
  ['Sulfur', 'Sulfur', '3%', 'Acne treatment'],
  ['Dimethicone', 'Dimethicone', '1.3%', 'Skin protectant'],
];
function actives(): Array<[string, string, string, string]> {
  if (chance(0.7)) {
    const n = 1 + Math.floor(rand() * 4);
    const chosen: Array<[string, string, string, string]> = [];
    for (const a of [...SUN_ACTIVES].sort(() => rand() - 0.5)) {
      if (chosen.length >= n) break;
      if (chosen.some((c) => c[1] === a[1])) continue;
      chosen.push([a[0], a[1], a[2], 'Sunscreen']);
    }
    return chosen;
  }
  return [pick(OTHER_ACTIVES)];
}
for (let i = 0; i < 50; i++) {
  const acts = actives();
  const inactive = pick(shortLists).filter((it) => !acts.some((a) => a[1] === it[1]));
  const actItems: Item[] = acts.map((a) => [a[0], a[1], { active: a[2] }]);
  const v = i % 10;
  const inact = listText(inactive);
  let text: string;
  if (v === 0) text = `Active Ingredients: ${acts.map((a) => `${a[0]} ${a[2]}`).join(', ')}\nInactive: ${inact}`;
  else if (v === 1)
    text = `Active ingredients: ${acts.map((a) => `${a[0]} ${a[2]}`).join(', ')}. Other ingredients: ${inact}.`;
  else if (v === 2)
    text = `Active Ingredients: ${acts.map((a) => `${a[0]} ${a[2]}`).join(', ')}\nIngredients: ${inact}.`;
  else if (v === 3)
    text = `Drug Facts\nActive ingredients Purpose\n${acts.map((a) => `${a[0]} ${a[2]} ${a[3]}`).join('\n')}\nUses helps prevent sunburn\nWarnings For external use only\nInactive ingredients ${inact}`;
  else if (v === 4)
    text = `Active Ingredients: ${acts.map((a) => `${a[0]} ${a[2]} ${a[3]}`).join(', ')}. Inactive Ingredients: ${inact}.`;
  else if (v === 5)
    text = `<table><tr><th>Active Ingredients</th><th>Purpose</th></tr>${acts.map((a) => `<tr><td>${a[0]} ${a[2]}</td><td>${a[3]}</td></tr>`).join('')}</table><p><b>Inactive Ingredients:</b> ${inact}</p>`;
  else if (v === 6)
    text = `Drug Facts\nActive ingredient${acts.length > 1 ? 's' : ''}\n${acts.map((a) => `${a[0]} ${a[2]} .......... ${a[3]}`).join('\n')}\nUses\n• helps prevent sunburn\nDirections\n• apply liberally 15 minutes before sun exposure\nInactive ingredients: ${inact}\nQuestions? 1-800-555-0100`;
  else if (v === 7) text = `Active: ${acts.map((a) => `${a[0]} ${a[2]}`).join(', ')}. Inactive: ${inact}.`;
  else if (v === 8)
    text = `ACTIVE INGREDIENTS: ${acts.map((a) => `${a[0].toUpperCase()} ${a[2]} w/w`).join(', ')}\nOTHER INGREDIENTS: ${inact.toUpperCase()}`;
  else
    text = `Active Ingredients (per gram): ${acts.map((a) => `${a[0]} (${a[2]})`).join(', ')}. Purpose: ${acts[0][3]}.\nInactive Ingredients: ${inact}.`;
  const inactItems: Item[] = v === 8 ? inactive.map((it) => [it[0].toUpperCase(), it[1]]) : inactive;
  const printedActs: Item[] = v === 8 ? actItems.map((a) => [a[0].toUpperCase(), a[1], a[2]]) : actItems;
  const classes = ['drug_facts'];
  if (v === 5) classes.push('html');
  add('drug-facts', classes, 'en', [], text, [...printedActs, ...inactItems]);
}

// --- Kits and sets ----------------------------------------------------------------------------------------
const PART_NAMES = [
  ['Cleanser', 'Toner', 'Moisturizer'],
  ['Gentle Cleanser', 'Hydrating Serum', 'Night Cream'],
  ['Face Wash', 'Eye Cream'],
  ['Vitamin C Serum', 'Daily Moisturizer', 'Eye Gel'],
  ['Micellar Water', 'Essence', 'Sleeping Mask'],
  ['Cleansing Balm', 'Face Oil'],
];
for (let i = 0; i < 36; i++) {
  const names = pick(PART_NAMES);
  const parts = names.map(() => pick(shortLists));
  const v = i % 6;
  const partLabel = (k: number): string => (v === 1 || v === 5 ? `Step ${k + 1} ${names[k]}` : names[k]);
  let text: string;
  if (v === 0) text = names.map((n, k) => `${n}: ${listText(parts[k])}.`).join(' ');
  else if (v === 1) text = names.map((n, k) => `Step ${k + 1} ${n}\nIngredients: ${listText(parts[k])}`).join('\n');
  else if (v === 2) text = names.map((n, k) => `<p><b>${n}</b><br>${listText(parts[k])}</p>`).join('');
  else if (v === 3)
    text = names
      .map((n, k) => `${n} (${pick(['1 fl oz', '15 ml', '0.5 oz', '30 ml'])}): ${listText(parts[k])}.`)
      .join('\n');
  else if (v === 4) text = names.map((n, k) => `${n} Ingredients: ${listText(parts[k])}.`).join('\n');
  else text = names.map((n, k) => `Step ${k + 1}: ${n} - ${listText(parts[k])}.`).join('\n');
  const entries: Item[] = parts.flatMap((p, k) => p.map((it): Item => [it[0], it[1], { part: partLabel(k) }]));
  add('kit', ['kit', ...(v === 2 ? ['html'] : [])], 'en', [], text, entries);
}

// --- Slash and multilingual synonyms ---------------------------------------------------------------------
const SYNONYMS: Item[] = [
  ['Yeast Extract/Faex/Extrait de Levure', 'Yeast Extract'],
  ["Hordeum Vulgare (Barley) Extract/Extrait d'Orge", 'Hordeum Vulgare Extract'],
  ['Honey/Mel/Miel', 'Honey'],
  ["Cera Alba/Beeswax/Cire d'Abeille", 'Cera Alba'],
  ['Whey Protein/Lactis Protein/Protéine du Petit-Lait', 'Whey Protein'],
  ['Aqua/Water/Eau', 'Water'],
  ['Parfum/Fragrance', 'Parfum'],
  ['Glycerin/Glycérine', 'Glycerin'],
  ['Butyrospermum Parkii (Shea) Butter/Beurre de Karité', 'Butyrospermum Parkii (Shea) Butter'],
  ['Olea Europaea (Olive) Fruit Oil/Huile d’Olive', 'Olea Europaea (Olive) Fruit Oil'],
  ['Prunus Amygdalus Dulcis (Sweet Almond) Oil/Huile d’Amande Douce', 'Prunus Amygdalus Dulcis (Sweet Almond) Oil'],
  ['Lavandula Angustifolia (Lavender) Oil/Huile de Lavande', 'Lavandula Angustifolia (Lavender) Oil'],
  ['Aloe Barbadensis Leaf Juice/Jus de Feuille d’Aloe', 'Aloe Barbadensis Leaf Juice'],
  ['Calendula Officinalis Flower Extract/Ringelblumenextrakt', 'Calendula Officinalis Flower Extract'],
  ['Simmondsia Chinensis (Jojoba) Seed Oil/Aceite de Jojoba', 'Simmondsia Chinensis (Jojoba) Seed Oil'],
];
for (let i = 0; i < 30; i++) {
  const items = [...pick(shortLists)];
  const syn = [pick(SYNONYMS), pick(SYNONYMS)].filter(
    (s, k, all) => all.findIndex((o) => o[1] === s[1]) === k && !items.some((it) => it[1] === s[1]),
  );
  for (const s of syn) items.splice(1 + Math.floor(rand() * (items.length - 1)), 0, s);
  add(
    'synonyms',
    ['slash_synonyms'],
    pick(['fr', 'en']),
    [],
    `${pick(['Ingredients/Ingrédients: ', 'INGREDIENTS: ', 'Ingrédients : '])}${listText(items)}.`,
    items,
  );
}

// --- Korean and Japanese lists ---------------------------------------------------------------------------
const KO: Array<Array<[string, string]>> = [
  [
    ['정제수', 'Water'],
    ['부틸렌글라이콜', 'Butylene Glycol'],
    ['글리세린', 'Glycerin'],
    ['나이아신아마이드', 'Niacinamide'],
    ['1,2-헥산다이올', '1,2-Hexanediol'],
    ['판테놀', 'Panthenol'],
    ['소듐하이알루로네이트', 'Sodium Hyaluronate'],
    ['카보머', 'Carbomer'],
    ['트로메타민', 'Tromethamine'],
    ['알란토인', 'Allantoin'],
    ['에틸헥실글리세린', 'Ethylhexylglycerin'],
    ['다이소듐이디티에이', 'Disodium EDTA'],
    ['아데노신', 'Adenosine'],
  ],
  [
    ['병풀추출물', 'Centella Asiatica Extract'],
    ['정제수', 'Water'],
    ['프로판다이올', 'Propanediol'],
    ['글리세린', 'Glycerin'],
    ['마데카소사이드', 'Madecassoside'],
    ['베타인', 'Betaine'],
    ['판테놀', 'Panthenol'],
    ['잔탄검', 'Xanthan Gum'],
    ['1,2-헥산다이올', '1,2-Hexanediol'],
    ['에틸헥실글리세린', 'Ethylhexylglycerin'],
  ],
  [
    ['정제수', 'Water'],
    ['글리세린', 'Glycerin'],
    ['카프릴릭/카프릭트라이글리세라이드', 'Caprylic/Capric Triglyceride'],
    ['세테아릴알코올', 'Cetearyl Alcohol'],
    ['스쿠알란', 'Squalane'],
    ['글리세릴스테아레이트', 'Glyceryl Stearate'],
    ['세라마이드엔피', 'Ceramide NP'],
    ['콜레스테롤', 'Cholesterol'],
    ['다이메티콘', 'Dimethicone'],
    ['토코페롤', 'Tocopherol'],
    ['페녹시에탄올', 'Phenoxyethanol'],
    ['향료', 'Parfum'],
  ],
  [
    ['달팽이점액여과물', 'Snail Secretion Filtrate'],
    ['부틸렌글라이콜', 'Butylene Glycol'],
    ['정제수', 'Water'],
    ['베타인', 'Betaine'],
    ['소듐하이알루로네이트', 'Sodium Hyaluronate'],
    ['알란토인', 'Allantoin'],
    ['판테놀', 'Panthenol'],
    ['소듐폴리아크릴레이트', 'Sodium Polyacrylate'],
    ['아데노신', 'Adenosine'],
    ['페녹시에탄올', 'Phenoxyethanol'],
  ],
  [
    ['정제수', 'Water'],
    ['다이프로필렌글라이콜', 'Dipropylene Glycol'],
    ['에탄올', 'Alcohol'],
    ['살리실릭애씨드', 'Salicylic Acid'],
    ['티트리잎오일', 'Melaleuca Alternifolia (Tea Tree) Leaf Oil'],
    ['녹차추출물', 'Camellia Sinensis Leaf Extract'],
    ['시트릭애씨드', 'Citric Acid'],
    ['소듐시트레이트', 'Sodium Citrate'],
    ['하이드록시아세토페논', 'Hydroxyacetophenone'],
  ],
  [
    ['정제수', 'Water'],
    ['징크옥사이드', 'Zinc Oxide'],
    ['프로판다이올', 'Propanediol'],
    ['티타늄디옥사이드', 'Titanium Dioxide'],
    ['카프릴릭/카프릭트라이글리세라이드', 'Caprylic/Capric Triglyceride'],
    ['메틸프로판다이올', 'Methylpropanediol'],
    ['세테아릴알코올', 'Cetearyl Alcohol'],
    ['하이드로제네이티드레시틴', 'Hydrogenated Lecithin'],
    ['알루미늄하이드록사이드', 'Aluminum Hydroxide'],
    ['스테아릭애씨드', 'Stearic Acid'],
    ['1,2-헥산다이올', '1,2-Hexanediol'],
  ],
  [
    ['갈락토미세스발효여과물', 'Galactomyces Ferment Filtrate'],
    ['부틸렌글라이콜', 'Butylene Glycol'],
    ['나이아신아마이드', 'Niacinamide'],
    ['펜틸렌글라이콜', 'Pentylene Glycol'],
    ['판테놀', 'Panthenol'],
    ['소듐시트레이트', 'Sodium Citrate'],
    ['시트릭애씨드', 'Citric Acid'],
  ],
  [
    ['정제수', 'Water'],
    ['글리세린', 'Glycerin'],
    ['프로폴리스추출물', 'Propolis Extract'],
    ['트레할로오스', 'Trehalose'],
    ['1,2-헥산다이올', '1,2-Hexanediol'],
    ['하이드록시에틸셀룰로오스', 'Hydroxyethylcellulose'],
    ['알부틴', 'Arbutin'],
    ['카페인', 'Caffeine'],
    ['리모넨', 'Limonene'],
    ['리날룰', 'Linalool'],
  ],
];
const JA: Array<Array<[string, string]>> = [
  [
    ['水', 'Water'],
    ['グリセリン', 'Glycerin'],
    ['BG', 'Butylene Glycol'],
    ['ナイアシンアミド', 'Niacinamide'],
    ['ペンチレングリコール', 'Pentylene Glycol'],
    ['ヒアルロン酸Na', 'Sodium Hyaluronate'],
    ['セラミドNP', 'Ceramide NP'],
    ['カルボマー', 'Carbomer'],
    ['水酸化K', 'Potassium Hydroxide'],
    ['フェノキシエタノール', 'Phenoxyethanol'],
  ],
  [
    ['水', 'Water'],
    ['DPG', 'Dipropylene Glycol'],
    ['グリセリン', 'Glycerin'],
    ['エタノール', 'Alcohol'],
    ['グリチルリチン酸2K', 'Dipotassium Glycyrrhizate'],
    ['クエン酸', 'Citric Acid'],
    ['クエン酸Na', 'Sodium Citrate'],
    ['EDTA-2Na', 'Disodium EDTA'],
    ['メチルパラベン', 'Methylparaben'],
    ['香料', 'Parfum'],
  ],
  [
    ['水', 'Water'],
    ['スクワラン', 'Squalane'],
    ['BG', 'Butylene Glycol'],
    ['トリエチルヘキサノイン', 'Triethylhexanoin'],
    ['シア脂', 'Butyrospermum Parkii (Shea) Butter'],
    ['ステアリン酸グリセリル', 'Glyceryl Stearate'],
    ['ベヘニルアルコール', 'Behenyl Alcohol'],
    ['セタノール', 'Cetyl Alcohol'],
    ['トコフェロール', 'Tocopherol'],
    ['キサンタンガム', 'Xanthan Gum'],
    ['フェノキシエタノール', 'Phenoxyethanol'],
  ],
  [
    ['水', 'Water'],
    ['メトキシケイヒ酸エチルヘキシル', 'Ethylhexyl Methoxycinnamate'],
    ['酸化亜鉛', 'Zinc Oxide'],
    ['シクロペンタシロキサン', 'Cyclopentasiloxane'],
    ['エタノール', 'Alcohol'],
    ['酸化チタン', 'Titanium Dioxide'],
    ['ジメチコン', 'Dimethicone'],
    ['シリカ', 'Silica'],
    ['トレハロース', 'Trehalose'],
    ['イソステアリン酸', 'Isostearic Acid'],
  ],
  [
    ['水', 'Water'],
    ['グリセリン', 'Glycerin'],
    ['アスコルビルグルコシド', 'Ascorbyl Glucoside'],
    ['1,2-ヘキサンジオール', '1,2-Hexanediol'],
    ['加水分解コラーゲン', 'Hydrolyzed Collagen'],
    ['パンテノール', 'Panthenol'],
    ['アラントイン', 'Allantoin'],
    ['ツボクサエキス', 'Centella Asiatica Extract'],
    ['水酸化Na', 'Sodium Hydroxide'],
  ],
  [
    ['水', 'Water'],
    ['BG', 'Butylene Glycol'],
    ['グリセリン', 'Glycerin'],
    ['ベタイン', 'Betaine'],
    ['PEG-60水添ヒマシ油', 'PEG-60 Hydrogenated Castor Oil'],
    ['ホホバ種子油', 'Simmondsia Chinensis (Jojoba) Seed Oil'],
    ['アルギニン', 'Arginine'],
    ['乳酸', 'Lactic Acid'],
    ['ポリソルベート80', 'Polysorbate 80'],
    ['エチルヘキシルグリセリン', 'Ethylhexylglycerin'],
  ],
  [
    ['タルク', 'Talc'],
    ['マイカ', 'Mica'],
    ['シリカ', 'Silica'],
    ['ジメチコン', 'Dimethicone'],
    ['酸化チタン', 'Titanium Dioxide'],
    ['酸化鉄', 'CI 77491'],
    ['イソノナン酸イソノニル', 'Isononyl Isononanoate'],
    ['トコフェロール', 'Tocopherol'],
  ],
];
const KO_FREE = [
  '파라벤, 인공색소, 미네랄오일 무첨가',
  '5가지 유해성분 무첨가 (파라벤, 벤조페논, 트리클로산, 인공색소, 미네랄오일)',
  '파라벤 프리 · 알코올 프리 · 인공향료 프리',
];
const JA_FREE = [
  'パラベンフリー・アルコールフリー・無香料・無着色',
  '無添加：パラベン、鉱物油、合成香料、着色料',
  '【5つの無添加】パラベン・鉱物油・合成香料・着色料・アルコール',
];
for (let i = 0; i < 30; i++) {
  const list = KO[i % KO.length];
  const items: Item[] = list.map(([p, inci]) => [p, inci]);
  const v = Math.floor(i / KO.length) % 4;
  const sep = pick([', ', ',', '，']);
  let text: string;
  const setAside: string[] = [];
  const classes = ['korean'];
  if (v === 0) text = `[전성분]\n${listText(items, sep)}`;
  else if (v === 1) text = `전성분: ${listText(items, sep)}`;
  else if (v === 2) {
    const withEn = items.map((it): Item => [`${it[0]}(${it[1]})`, it[1]]);
    text = `<p><b>전성분</b></p><p>${listText(withEn, sep)}</p>`;
    classes.push('html');
    add('korean', classes, 'ko', [], text, withEn);
    continue;
  } else {
    text = `전성분 : ${listText(items, sep)}\n${pick(KO_FREE)}`;
    setAside.push('free_of');
    classes.push('free_of');
  }
  add('korean', classes, 'ko', setAside, text, items);
}
for (let i = 0; i < 28; i++) {
  const list = JA[i % JA.length];
  const items: Item[] = list.map(([p, inci]) => [p, inci]);
  const v = Math.floor(i / JA.length) % 4;
  let text: string;
  const setAside: string[] = [];
  const classes = ['japanese'];
  if (v === 0) text = `【全成分】${listText(items, '、')}`;
  else if (v === 1) text = `成分：${listText(items, '、')}`;
  else if (v === 2) text = `全成分\n${listText(items, '，')}`;
  else {
    text = `${pick(JA_FREE)}\n成分：${listText(items, '、')}`;
    setAside.push('free_of');
    classes.push('free_of');
  }
  add('japanese', classes, 'ja', setAside, text, items);
}

// --- Smaller slips: CI numbers, Alcohol 40-B, typos, '. ' separators ---------------------------------------
const CI_ITEMS: Item[] = [
  ['Titanium Dioxide CI 77891', 'Titanium Dioxide'],
  ['Red 7 Lake (CI 15850)', 'CI 15850'],
  ['CI 45410/Red 27 Lake', 'CI 45410'],
  ['Iron Oxides CI 77491', 'CI 77491'],
  ['Mica CI 77019', 'Mica'],
  ['Yellow 5 Lake CI 19140', 'CI 19140'],
  ['Blue 1 Lake (CI 42090)', 'CI 42090'],
  ['Ultramarines CI 77007', 'CI 77007'],
  ['Chromium Oxide Greens (CI 77288)', 'CI 77288'],
  ['Carmine CI 75470', 'CI 75470'],
  ['Manganese Violet CI 77742', 'CI 77742'],
  ['Bismuth Oxychloride (CI 77163)', 'CI 77163'],
];
for (let i = 0; i < 20; i++) {
  const items = [...pick(shortLists)].filter((it) => !/^CI |Titanium Dioxide|Mica/.test(it[1] ?? ''));
  const colours = [pick(CI_ITEMS), pick(CI_ITEMS), pick(CI_ITEMS)].filter(
    (c, k, all) => all.findIndex((o) => o[1] === c[1]) === k,
  );
  add(
    'ci-numbers',
    ['ci_numbers'],
    'en',
    [],
    `Ingredients: ${listText(items)}, ${chance(0.5) ? 'May Contain: ' : ''}${listText(colours)}.`,
    [...items, ...colours],
  );
  if (labels[labels.length - 1].text.includes('May Contain'))
    labels[labels.length - 1].entries = [...items, ...colours.map((c): Item => [c[0], c[1]])];
}
for (let i = 0; i < 8; i++) {
  const items = [...pick(shortLists)].filter((it) => it[1] !== 'Alcohol Denat.');
  const alcohol: Item = [pick(['Alcohol 40-B', 'Alcohol 40', 'SD Alcohol 40-B', 'Alcohol 40B']), 'Alcohol Denat.'];
  items.splice(1, 0, alcohol);
  add('alcohol-40b', ['alcohol_40b'], 'en', [], `Ingredients: ${listText(items)}.`, items);
}
const TYPOS: Array<[string, string]> = [
  ['Silica Dimethyl Silyate', 'Silica Dimethyl Silylate'],
  ['Butyrospermum Parkii (Shea) Buttter', 'Butyrospermum Parkii (Shea) Butter'],
  ['Caprylic/Capric Triglyseride', 'Caprylic/Capric Triglyceride'],
  ['Tetrahexyldecyl Ascorbtae', 'Tetrahexyldecyl Ascorbate'],
  ['Ethylhexylglycerine', 'Ethylhexylglycerin'],
  ['Phenoxyethenol', 'Phenoxyethanol'],
  ['Niacinimide', 'Niacinamide'],
  ['Sodium Hyaluronte', 'Sodium Hyaluronate'],
  ['Cetaryl Alcohol', 'Cetearyl Alcohol'],
  ['Tocopheryl Acetat', 'Tocopheryl Acetate'],
  ['Simmondsia Chinesis (Jojoba) Seed Oil', 'Simmondsia Chinensis (Jojoba) Seed Oil'],
  ['Hydroxyacetophenon', 'Hydroxyacetophenone'],
  ['Polyglyceryl-10 Laurte', 'Polyglyceryl-10 Laurate'],
  ['Dipotassium Glycyrrizate', 'Dipotassium Glycyrrhizate'],
];
for (let i = 0; i < 20; i++) {
  const items = [...pick(shortLists)];
  const typo = TYPOS[i % TYPOS.length];
  if (items.some((it) => it[1] === typo[1]))
    items.splice(
      items.findIndex((it) => it[1] === typo[1]),
      1,
    );
  items.splice(2, 0, typo);
  add('typo', ['typos'], 'en', [], `Ingredients: ${listText(items)}.`, items);
}
for (let i = 0; i < 20; i++) {
  const items = pick(shortLists).filter((it) => !/\.$/.test(it[0]));
  const v = i % 3;
  const text =
    v === 0
      ? `${items.map((it) => it[0]).join('. ')}.`
      : v === 1
        ? `Ingredients: ${items.map((it) => it[0]).join('. ')}.`
        : `INGREDIENTS: ${items
            .slice(0, 4)
            .map((it) => it[0])
            .join(', ')}. ${items
            .slice(4)
            .map((it) => it[0])
            .join('. ')}`;
  add('period-separated', ['period_separated'], 'en', [], text, items);
}

// Several languages: European headings and closing lines.
const EU = [
  (b: string) => `Ingrédients : ${b}. Fabriqué en France.`,
  (b: string) => `Inhaltsstoffe: ${b}. Hergestellt in Deutschland.`,
  (b: string) => `Ingredientes: ${b}.`,
  (b: string) => `Ingredienti: ${b}. Prodotto in Italia.`,
  (b: string) => `Composition : ${b}.\nConseils d'utilisation : appliquer matin et soir sur peau propre.`,
];
for (let i = 0; i < 20; i++) {
  const items = pick(baseLists);
  const v = i % EU.length;
  add(
    'eu',
    ['languages'],
    ['fr', 'de', 'es', 'it', 'fr'][v],
    v === 0 || v === 1 || v === 3 || v === 4 ? ['other'] : [],
    EU[v](listText(items)),
    items,
  );
}

// --- Checks and output ----------------------------------------------------------------------------------------
const known = new Set(loadIngredientRecords().map((r) => String(r.inci).toLowerCase()));
const missing = new Set<string>();
for (const l of labels) for (const e of l.entries) if (e[1] && !known.has(e[1].toLowerCase())) missing.add(e[1]);
if (missing.size) console.warn(`Expected names not in the base (counted as gaps): ${[...missing].join('; ')}`);

const out: string[] = [
  '# Ingredient sections as retail pages and packaging present them (see scripts/label-corpus-build.ts, which writes',
  '# this file). Each label: classes (the failure classes it carries), lang, set_aside (the kinds of text the parser',
  '# should set aside), text (as pasted), entries (in printed order, duplicates within a part once):',
  '#   [as printed, INCI name of the knowledge base or null for "names no ingredient", {active: "20%", part: "Toner"}]',
  '# Report: node_modules/.bin/node --import ./register.mjs scripts/label-recall.ts',
  '',
];
for (const l of labels) {
  out.push(
    `- name: ${l.name}`,
    `  classes: [${l.classes.join(', ')}]`,
    `  lang: ${l.lang}`,
    `  set_aside: [${l.set_aside.join(', ')}]`,
    `  text: ${JSON.stringify(l.text)}`,
    '  entries:',
  );
  for (const e of l.entries) out.push(`    - ${JSON.stringify(e)}`);
}
writeFileSync(join(dataDir, 'labels', 'retail.yaml'), `${out.join('\n')}\n`);
console.log(`${labels.length} labels written to data/labels/retail.yaml`);
