import type { Context } from '../../context.js';
import { validationFailed } from '../../errors.js';
import { categorizeList } from '../analysis/analysis-reports.service.js';
import { checkedList } from '../shared/ingredient-list.js';
import { analyzeIngredientList } from '../analysis/engine/analyze.js';
import { loadMatcher } from '../ingredient/matcher.service.js';
import { Brand } from '../brand/brand.entity.js';
import { ProductCategory } from '../category/category.entity.js';
import { categoryFromName } from './name-category.js';

export interface BrandGuess {
  brand: Brand;
  confidence: number;
}

/**
 * A company suffix at the end of a brand's name ("Co.", "Inc.", "Ltd", "GmbH", "Labs", "Co., Ltd."),
 * which product names leave out: "Plainfield Skin Hydrating Essence" is by "Plainfield Skin Co.".
 * Written for both JavaScript and PostgreSQL's regular expressions (lower case, one syntax).
 */
const COMPANY_SUFFIX =
  '([ ,]+(co|company|corp|corporation|inc|incorporated|ltd|limited|llc|llp|plc|gmbh|ag|sa|sas|srl|bv|pty|kk|labs?|laborator(y|ies))[.]?)+$';
const SUFFIX_WORDS = new Set(
  'co company corp corporation inc incorporated ltd limited llc llp plc gmbh ag sa sas srl bv pty kk lab labs laboratory laboratories'.split(
    ' ',
  ),
);
const isSeparator = (c: string): boolean => c === ' ' || c === ',';

/**
 * The name without its company suffix; the name itself when that would leave under 3 characters. What
 * COMPANY_SUFFIX removes in SQL, walked from the end once (as a JavaScript pattern it is tried at every
 * space of a run and reads the run again each time).
 */
const withoutSuffix = (lowerName: string): string => {
  let end = lowerName.length;
  for (;;) {
    let wordEnd = end;
    if (lowerName[wordEnd - 1] === '.') wordEnd--;
    let wordStart = wordEnd;
    while (wordStart > 0 && !isSeparator(lowerName[wordStart - 1])) wordStart--;
    if (wordStart === 0 || wordStart === wordEnd || !SUFFIX_WORDS.has(lowerName.slice(wordStart, wordEnd))) break;
    let before = wordStart;
    while (before > 0 && isSeparator(lowerName[before - 1])) before--;
    end = before;
  }
  const short = lowerName.slice(0, end).trim();
  return short.length >= 3 ? short : lowerName;
};

/**
 * Brands whose name appears in the product's name, with or without its company suffix: at its
 * start (as labels print it) 0.95, as whole words elsewhere 0.7; longer names win ties ("La
 * Roche-Posay" over "La"). One query.
 */
export async function guessBrands(ctx: Context, productName: string): Promise<BrandGuess[]> {
  const name = productName.toLowerCase().replace(/\s+/g, ' ').trim();
  const candidates = await ctx.em.execute<Array<{ id: string; name: string }>>(
    `select id, name from brand
      where position(lower(name) in ?) > 0 or position(regexp_replace(lower(name), ?, '') in ?) > 0
      order by length(name) desc limit 10`,
    [name, COMPANY_SUFFIX, name],
  );
  const words = ` ${name.replace(/[^a-z0-9]+/g, ' ')} `;
  const guesses = candidates
    .flatMap((row) => {
      for (const brand of new Set([row.name.toLowerCase(), withoutSuffix(row.name.toLowerCase())])) {
        const asWords = ` ${brand.replace(/[^a-z0-9]+/g, ' ').trim()} `;
        if (words.includes(asWords))
          return [{ id: row.id, confidence: name.startsWith(brand) ? 0.95 : 0.7, length: brand.length }];
      }
      return [];
    })
    .sort((a, b) => b.confidence - a.confidence || b.length - a.length)
    .slice(0, 3);
  const brands = await ctx.loaders.brandById.loadMany(guesses.map((g) => g.id));
  return guesses.flatMap((g, i) =>
    brands[i] instanceof Brand ? [{ brand: brands[i] as Brand, confidence: g.confidence }] : [],
  );
}

export interface Classification {
  category: { category: ProductCategory; confidence: number } | null;
  alternativeCategories: Array<{ category: ProductCategory; confidence: number }>;
  brand: BrandGuess | null;
  alternativeBrands: BrandGuess[];
}

/** A category (from the nearest catalog products' lists) and a brand (from the name) for a new draft. */
export async function autoClassify(ctx: Context, name: string, ingredientList: string): Promise<Classification> {
  if (!name.trim() || name.length > 200) throw validationFailed('name', 'name must be 1-200 characters');
  const list = checkedList('ingredient_list', ingredientList);
  const analysis = analyzeIngredientList(list, await loadMatcher(ctx.em));
  const ingredientIds = analysis.entries.flatMap((e) => (e.ingredientId ? [e.ingredientId] : []));
  const fromList = await categorizeList(ctx, ingredientIds);
  const brands = await guessBrands(ctx, name);
  const categories = await withNameCategory(ctx, name, [
    ...(fromList.best ? [fromList.best] : []),
    ...fromList.alternatives,
  ]);
  return {
    category: categories[0] ?? null,
    alternativeCategories: categories.slice(1, 4),
    brand: brands[0] ?? null,
    alternativeBrands: brands.slice(1),
  };
}

/**
 * A product type the name states ("Soothing Toner") outranks what similar ingredient lists suggest:
 * lists of toners, essences and serums look alike, names do not. Agreement raises the confidence.
 */
async function withNameCategory(
  ctx: Context,
  name: string,
  fromList: Array<{ category: ProductCategory; confidence: number }>,
) {
  const stated = categoryFromName(name);
  if (!stated) return fromList;
  const category = await ctx.em.findOne(ProductCategory, { alias: stated.alias });
  if (!category) return fromList;
  // The name may state a parent ("Sun Fluid SPF 50"): a child the lists suggest is the sharper answer.
  const child = fromList.find((c) => c.category.parent?.id === category.id);
  if (child) return [{ category: child.category, confidence: 0.9 }, ...fromList.filter((c) => c !== child)];
  const agreeing = fromList.find((c) => c.category.id === category.id);
  const confidence = agreeing ? Math.min(0.99, Math.round((0.9 + agreeing.confidence / 10) * 1000) / 1000) : 0.9;
  return [{ category, confidence }, ...fromList.filter((c) => c.category.id !== category.id)];
}
