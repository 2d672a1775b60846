import type { EntityManager } from '../../db.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { loadArticles } from '../article/article.js';
import { Product, ProductStatus } from '../product/product.entity.js';
import { Routine, RoutineStatus } from '../routine/routine.entity.js';
import { findOneByIdOrAlias } from '../shared/find.js';
import { isUuid } from '../shared/ids.js';
import type { User } from '../user/user.entity.js';
import { FeaturedItem, FeaturedKind } from './featured-item.entity.js';

const MAX_ITEMS = 100;

/** The curated items in display order (at most 100: a home screen, not a catalog). */
export function listFeatured(em: EntityManager, kind: FeaturedKind | null): Promise<FeaturedItem[]> {
  return em.find(FeaturedItem, kind ? { kind } : {}, {
    orderBy: { position: 'asc', createdAt: 'asc' },
    limit: MAX_ITEMS,
  });
}

/** The id (products, routines) or alias (articles) a new slot stores; 404 when it is not public. */
async function resolveRef(em: EntityManager, kind: FeaturedKind, ref: string): Promise<string> {
  if (!ref.trim()) throw validationFailed('ref', 'ref names the product, routine or article to feature');
  if (kind === FeaturedKind.article) {
    const article = loadArticles().find((a) => a.alias === ref.toLowerCase() || a.id === ref);
    if (!article) throw notFound('Article', ref);
    return article.alias;
  }
  if (kind === FeaturedKind.product) {
    const product = await findOneByIdOrAlias(em, Product, ref);
    if (!product || product.status !== ProductStatus.published) throw notFound('Published product', ref);
    return product.id;
  }
  const routine = isUuid(ref) ? await em.findOne(Routine, { id: ref.toLowerCase() }) : null;
  if (!routine || routine.status !== RoutineStatus.published) throw notFound('Published routine', ref);
  return routine.id;
}

export async function addFeatured(
  em: EntityManager,
  viewer: User,
  args: { kind: FeaturedKind; ref: string; position?: number | null; headline?: string | null },
): Promise<FeaturedItem> {
  const ref = await resolveRef(em, args.kind, args.ref);
  if (args.headline != null && args.headline.length > 200)
    throw validationFailed('headline', 'headline is at most 200 characters');
  if (args.position != null && (!Number.isInteger(args.position) || args.position < 0 || args.position > 10_000)) {
    throw validationFailed('position', 'position is an integer from 0 to 10000');
  }
  if (await em.count(FeaturedItem, { kind: args.kind, ref })) throw conflict(`This ${args.kind} is featured already`);
  const [last] = await em.find(FeaturedItem, {}, { orderBy: { position: 'desc' }, limit: 1 });
  const item = em.create(FeaturedItem, {
    kind: args.kind,
    ref,
    position: args.position ?? (last ? last.position + 1 : 0),
    headline: args.headline ?? '',
    createdBy: viewer.id,
  } as never);
  await em.flush();
  return item;
}

export async function removeFeatured(em: EntityManager, id: string): Promise<boolean> {
  const item = isUuid(id) ? await em.findOne(FeaturedItem, { id: id.toLowerCase() }) : null;
  if (!item) throw notFound('Featured item', id);
  em.remove(item);
  await em.flush();
  return true;
}
