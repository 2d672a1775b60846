import type { EntityManager } from '../../db.js';
import { conflict, forbidden, notFound, validationFailed } from '../../errors.js';
import { checkedList } from '../shared/ingredient-list.js';
import { matchedIngredientIds } from '../shared/ingredient-list.js';
import { analyzeIngredientList } from '../analysis/engine/analyze.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { refreshSimilarProduct } from './similarity.service.js';
import { productFlagReader } from './product-flag-reader.js';
import type { Brand } from '../brand/brand.entity.js';
import { getBrand } from '../brand/brand.service.js';
import { getCategory } from '../category/category.service.js';
import { isUuid, MAX_ALIAS_LENGTH, newId, slugify, suffixedAlias } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { findUnit } from '../unit/unit.service.js';
import { User, UserType } from '../user/user.entity.js';
import { normalizeBarcode } from './barcode.js';
import { announceIngredientListsWritten } from '../shared/ingredient-list-events.js';
import { Product, ProductIngredient, ProductStatus } from './product.entity.js';
import { canSeeUnpublished, getProduct } from './product.service.js';
import { changeIfStill } from '../shared/single-use.js';

/** Draft → published, by whoever may see the draft (author, brand owner, moderators, admins). */
export async function publishProduct(em: EntityManager, idOrAlias: string, viewer: User): Promise<Product> {
  const product = await getProduct(em, idOrAlias, viewer);
  if (!canSeeUnpublished(product, viewer, product.brand.getEntity().owner?.id))
    throw forbidden('Only the author, the brand owner or a moderator publishes a product');
  if (product.status !== ProductStatus.draft)
    throw conflict(`The product is ${product.status}: only a draft can be published`);
  if (
    !(await changeIfStill(
      em,
      product,
      { id: product.id, status: ProductStatus.draft },
      { status: ProductStatus.published, publishedAt: new Date() },
    ))
  ) {
    throw conflict('The product was published by another request at the same time');
  }
  refreshSimilarProduct(product.id);
  return product;
}

/** The brand's owner confirms a product is theirs. */
export async function attestBrand(em: EntityManager, idOrAlias: string, viewer: User): Promise<Product> {
  const product = await getProduct(em, idOrAlias, viewer);
  const owner = product.brand.getEntity().owner?.id;
  if (owner !== viewer.id && viewer.userType !== UserType.admin)
    throw forbidden("Only the brand's owner attests its products");
  if (product.brandAttestedAt) return product;
  em.assign(product, { brandAttestedAt: new Date(), brandAttestedBy: em.getReference(User, viewer.id) } as never);
  await em.flush();
  return product;
}

/**
 * Deletes a product with its ingredient entries, offers, list versions, favourites, reactions,
 * tutorials and pitches (routines keep their steps, without the product).
 *
 * Admins delete any product. A brand's owner deletes a product of their brand that they added and
 * that no one else has built on yet (a typo'd or duplicate entry, a product never sold): once
 * other people have reviewed it, favoured it, put it in a routine, taught it or proposed a change
 * to it, deleting it would take their work and their record of it with it, so that is a 409 and
 * an admin's decision. A product someone else added (a moderator, an import) is not the brand's
 * to withdraw: 403.
 */
export async function deleteProduct(em: EntityManager, id: string, viewer: User): Promise<boolean> {
  const product = isUuid(id)
    ? await em.findOne(Product, { id: id.toLowerCase() }, { populate: ['brand'] })
    : await em.findOne(Product, { alias: id.toLowerCase() }, { populate: ['brand'] });
  if (!product) throw notFound('Product', id);
  if (viewer.userType !== UserType.admin) {
    if (product.brand.getEntity().owner?.id !== viewer.id)
      throw forbidden("Only admins and the owner of the product's brand delete a product");
    if (product.createdBy?.id !== viewer.id)
      throw forbidden("A brand's owner deletes only products they added themselves; ask an admin to remove this one");
    const others = await othersWork(em, product.id, viewer.id);
    if (others.length)
      throw conflict(`Other people have built on this product (${others.join(', ')}): only an admin deletes it`, {
        field: 'id',
      });
  }
  await em.nativeDelete(Product, { id: product.id });
  refreshSimilarProduct(product.id);
  return true;
}

/** What people other than `viewerId` have made of the product, as "2 reactions", "1 routine"… */
async function othersWork(em: EntityManager, productId: string, viewerId: string): Promise<string[]> {
  // One statement over the other modules' tables: importing their entities here would tie product to
  // each of them in an import loop (they all refer to products).
  const [n] = await em.execute<Array<Record<string, string>>>(
    `select (select count(*) from product_reaction where product_id = ? and user_id <> ?) as reactions,
       (select count(*) from product_favorite where product_id = ? and user_id <> ?) as favourites,
       (select count(*) from routine_step s join routine r on r.id = s.routine_id where s.product_id = ? and r.owner_id <> ?) as routines,
       (select count(*) from product_tutorial where product_id = ? and author_id <> ?) as tutorials,
       (select count(*) from product_pitch where product_id = ? and author_id <> ?) as pitches,
       (select count(*) from product_draft where product_id = ? and author_id <> ?) as drafts`,
    Array.from({ length: 6 }, () => [productId, viewerId]).flat(),
  );
  const [reactions, favourites, routines, tutorials, pitches, drafts] = [
    n.reactions,
    n.favourites,
    n.routines,
    n.tutorials,
    n.pitches,
    n.drafts,
  ].map(Number);
  const counted: Array<[number, string, string]> = [
    [reactions, 'reaction', 'reactions'],
    [favourites, 'favourite', 'favourites'],
    [routines, 'routine step', 'routine steps'],
    [tutorials, 'tutorial', 'tutorials'],
    [pitches, 'pitch', 'pitches'],
    [drafts, 'draft', 'drafts'],
  ];
  return counted.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
}

export interface NewProduct {
  name: string;
  brand: string;
  category?: string | null;
  description?: string | null;
  barcode?: string | null;
  sizeAmount?: number | null;
  sizeUnit?: string | null;
  ingredientList: string;
}

/**
 * A new product, as a draft, with its label analysed. Brand users add products of brands they
 * own; moderators and admins of any brand.
 */
export async function createProduct(em: EntityManager, input: NewProduct, viewer: User): Promise<Product> {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length < 2 || name.length > 200) throw validationFailed('name', 'name must be 2-200 characters');
  let brand: Brand;
  try {
    brand = await getBrand(em, input.brand);
  } catch {
    throw validationFailed('brand', `No brand "${input.brand}"`);
  }
  const staff = viewer.userType === UserType.moderator || viewer.userType === UserType.admin;
  if (!staff && brand.owner?.id !== viewer.id)
    throw forbidden('Brand users add products of their own brands; moderators of any');
  let category: Awaited<ReturnType<typeof getCategory>> | null = null;
  if (input.category) {
    try {
      category = await getCategory(em, input.category);
    } catch {
      throw validationFailed('category', `No category "${input.category}"`);
    }
  }
  const barcode = input.barcode == null ? null : normalizeBarcode(input.barcode);
  if (input.barcode != null && !barcode)
    throw validationFailed('barcode', 'barcode must be a valid EAN-13, UPC-A or EAN-8 (check digit included)');
  if (barcode && (await em.count(Product, { barcode })))
    throw conflict(`Another product has barcode ${barcode}`, { field: 'barcode' });
  if ((input.sizeAmount == null) !== (input.sizeUnit == null))
    throw validationFailed('size_unit', 'size_amount and size_unit go together');
  if (input.sizeAmount != null && !(input.sizeAmount > 0 && input.sizeAmount < 1e6))
    throw validationFailed('size_amount', 'size_amount must be positive');
  const unit = input.sizeUnit ? await findUnit(em, input.sizeUnit) : null;
  if (input.sizeUnit && !unit) throw validationFailed('size_unit', `No unit "${input.sizeUnit}"`);
  const list = checkedList('ingredient_list', input.ingredientList);
  const { matcher } = await loadKnowledgeBase(em);
  const analysis = analyzeIngredientList(list, matcher);
  const ingredientIds = matchedIngredientIds(analysis.entries);
  const read = await productFlagReader()(em, analysis.entries, category);
  let alias = slugify(`${brand.alias} ${name}`).slice(0, MAX_ALIAS_LENGTH);
  if (await em.count(Product, { alias })) alias = suffixedAlias(alias, newId());
  const product = em.create(Product, {
    alias,
    name,
    brand: brand.id,
    category: category?.id ?? null,
    description: input.description?.trim() ?? '',
    barcode,
    sizeAmount: input.sizeAmount ?? null,
    sizeUnit: unit?.id ?? null,
    ingredientList: list,
    ingredientIds,
    flags: read.flags,
    status: ProductStatus.draft,
    createdBy: viewer.id,
  });
  for (const [i, e] of analysis.entries.entries()) {
    em.create(ProductIngredient, {
      product: product.id,
      position: e.position,
      input: e.input,
      ingredient: e.ingredientId,
      match: e.match,
      concentration: e.concentration,
      mayContain: e.mayContain,
      unread: e.unread ?? false,
      flags: read.entryFlags[i],
      active: e.active,
      part: e.part,
      nano: e.nano,
    });
  }
  await em.flush();
  await announceIngredientListsWritten(em, [
    {
      productId: product.id,
      ingredientList: list,
      ingredientIds,
      entries: analysis.entries,
      source: 'product_created',
      authorId: viewer.id,
    },
  ]);
  return product;
}

export function listMyProducts(em: EntityManager, viewer: User, page: PageArgs) {
  return paginate(em, Product, { createdBy: viewer.id }, { createdAt: 'desc', id: 'desc' }, page);
}
