// What each category is for: the routine step it serves, from the catalog's category tree
// (data/catalog/categories.yaml). Shared by better alternatives (same kind first) and routines
// (the steps a product can fill, and the check on a step's product).
import type { EntityManager } from '../../db.js';
import type { ProductKind } from '../alternative/engine/rank-alternatives.js';
import { ProductCategory } from './category.entity.js';

/** Every category, by id, as the kind of a product (one small table, one statement). */
export async function productKinds(em: EntityManager): Promise<Map<string, ProductKind>> {
  // Whole rows: partial entities would sit in the request's identity map and answer `category { alias }` with nothing.
  const categories = await em.find(ProductCategory, {});
  return new Map(
    categories.map((c) => [
      c.id,
      { categoryId: c.id, name: c.name, parentId: c.parent?.id ?? null, stepType: c.stepType ?? null },
    ]),
  );
}

/** The category's step, or its nearest ancestor's; null when none up the tree has one (makeup, containers). */
export function categoryStep(
  kinds: Map<string, ProductKind>,
  categoryId: string | null | undefined,
): { stepType: string; name: string } | null {
  const seen = new Set<string>();
  for (
    let kind = categoryId ? kinds.get(categoryId) : undefined;
    kind?.categoryId && !seen.has(kind.categoryId);
    kind = kind.parentId ? kinds.get(kind.parentId) : undefined
  ) {
    seen.add(kind.categoryId);
    if (kind.stepType) return { stepType: kind.stepType, name: kind.name ?? '' };
  }
  return null;
}
