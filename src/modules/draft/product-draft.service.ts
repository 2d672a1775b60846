import type { EntityManager } from '../../db.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import type { StoredEntry } from '../analysis/analysis.entity.js';
import { checkedList } from '../shared/ingredient-list.js';
import { analyzeIngredientList } from '../analysis/engine/analyze.js';
import { loadKnowledgeBase } from '../ingredient/matcher.service.js';
import { refreshSimilarProduct } from '../product/similarity.service.js';
import { Brand } from '../brand/brand.entity.js';
import { ProductCategory } from '../category/category.entity.js';
import { ImageOwnerKind } from '../image/image.entity.js';
import { moveImage, removeImage } from '../image/image.service.js';
import { normalizeBarcode } from '../product/barcode.js';
import { Product, ProductIngredient, ProductStatus } from '../product/product.entity.js';
import { getProduct } from '../product/product.service.js';
import { productFlagsFor, readProductFlags } from '../analysis/product-flags.js';
import { findOneByIdOrAlias } from '../shared/find.js';
import { isUuid, MAX_ALIAS_LENGTH, newId, slugify, suffixedAlias } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { changeIfStill } from '../shared/single-use.js';
import { User, UserType } from '../user/user.entity.js';
import { DRAFT_FIELDS, ProductDraft, ProductDraftStatus, type DraftField } from './product-draft.entity.js';
import { recordListVersions } from '../reformulation/list-version.service.js';
import { ListVersionSource } from '../reformulation/product-list-version.entity.js';

export const isModerator = (viewer: User | null): boolean =>
  viewer?.userType === UserType.moderator || viewer?.userType === UserType.admin;

/** A draft its author or a moderator may see; anyone else learns nothing (404). */
export async function getDraft(em: EntityManager, id: string, viewer: User | null): Promise<ProductDraft> {
  const draft = isUuid(id) ? await em.findOne(ProductDraft, { id: id.toLowerCase() }) : null;
  if (!draft || !viewer || (draft.author.id !== viewer.id && !isModerator(viewer))) throw notFound('Product draft', id);
  return draft;
}

/** A draft whose content the viewer may change: its author while pending, moderators any time. */
export async function draftToChange(em: EntityManager, id: string, viewer: User): Promise<ProductDraft> {
  const draft = await getDraft(em, id, viewer);
  if (!isModerator(viewer) && draft.status !== ProductDraftStatus.pending)
    throw conflict(`The draft is ${draft.status}: only a pending draft can be changed by its author`);
  return draft;
}

export interface DraftFields {
  name?: string | null;
  brand?: string | null;
  category?: string | null;
  description?: string | null;
  barcode?: string | null;
  ingredientList?: string | null;
  product?: string | null;
}

function checkedName(name: string): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length < 2 || clean.length > 200) throw validationFailed('name', 'name must be 2-200 characters');
  return clean;
}

/** An existing brand by id or alias, else a new brand's name (a UUID must be an existing brand). */
async function resolveBrand(
  em: EntityManager,
  text: string,
): Promise<{ brand: string | null; newBrandName: string | null }> {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (!clean)
    throw validationFailed('brand', "brand is required: an existing brand's id or alias, or a new brand's name");
  const found = await em.findOne(
    Brand,
    isUuid(clean) ? { id: clean.toLowerCase() } : { $or: [{ alias: clean.toLowerCase() }, { alias: slugify(clean) }] },
  );
  if (found) return { brand: found.id, newBrandName: null };
  if (isUuid(clean)) throw validationFailed('brand', `No brand "${clean}"`);
  if (clean.length < 2 || clean.length > 100 || !slugify(clean))
    throw validationFailed('brand', "A new brand's name must be 2-100 characters with letters or digits");
  return { brand: null, newBrandName: clean };
}

async function resolveCategory(em: EntityManager, text: string): Promise<string> {
  const category = await findOneByIdOrAlias(em, ProductCategory, text.trim());
  if (!category) throw validationFailed('category', `No category "${text}"`);
  return category.id;
}

function checkedBarcode(text: string): string {
  const barcode = normalizeBarcode(text);
  if (!barcode)
    throw validationFailed('barcode', 'barcode must be a valid EAN-13, UPC-A or EAN-8 (check digit included)');
  return barcode;
}

/** The corrected product, as the viewer may see it (unpublished ones of others: 404). */
async function resolveProduct(em: EntityManager, text: string, viewer: User): Promise<string> {
  return (await getProduct(em, text.trim(), viewer)).id;
}

/** The list analysed with the knowledge base: entries, matched ids and the union of their flags. */
async function analysed(
  em: EntityManager,
  text: string,
): Promise<Pick<ProductDraft, 'ingredientList' | 'entries' | 'ingredientIds' | 'flags'>> {
  const list = checkedList('ingredient_list', text);
  const { matcher, byId } = await loadKnowledgeBase(em);
  const result = analyzeIngredientList(list, matcher);
  const entries: StoredEntry[] = result.entries.map((e) => ({
    position: e.position,
    input: e.input,
    match: e.match,
    ingredientId: e.ingredientId,
    concentration: e.concentration,
    mayContain: e.mayContain,
    nano: e.nano,
    active: e.active,
    ...(e.part ? { part: e.part } : {}),
    ...(e.unread ? { unread: true } : {}),
  }));
  const ingredientIds = entries.flatMap((e) => (e.ingredientId ? [e.ingredientId] : []));
  // The analysis's reading of the list (its type read from the list): approval reads it again with the product's
  // category.
  const { flags } = readProductFlags(entries, (id) => byId.get(id), null);
  return { ingredientList: list, entries, ingredientIds, flags };
}

/**
 * Checks every given field first, then applies them: a rejected change writes nothing. A field
 * left out (undefined) is not touched; one sent as null clears it (name, brand and list, which a
 * product must have, stay). The draft remembers which fields were sent, for its approval.
 */
async function applyFields(em: EntityManager, draft: ProductDraft, fields: DraftFields, viewer: User): Promise<void> {
  const changes: Partial<ProductDraft> & Record<string, unknown> = {};
  if (fields.name != null) changes.name = checkedName(fields.name);
  if (fields.brand != null) Object.assign(changes, await resolveBrand(em, fields.brand));
  if (fields.category !== undefined)
    changes.category = fields.category ? ((await resolveCategory(em, fields.category)) as never) : null;
  if (fields.description !== undefined) {
    if (fields.description && fields.description.length > 5000)
      throw validationFailed('description', 'description is at most 5,000 characters');
    changes.description = fields.description?.trim() ?? '';
  }
  if (fields.barcode !== undefined) changes.barcode = fields.barcode ? checkedBarcode(fields.barcode) : null;
  if (fields.product !== undefined)
    changes.product = fields.product ? ((await resolveProduct(em, fields.product, viewer)) as never) : null;
  if (fields.ingredientList != null) Object.assign(changes, await analysed(em, fields.ingredientList));
  const sent = DRAFT_FIELDS.filter((f) => fields[f] !== undefined && (fields[f] !== null || NULLABLE.has(f)));
  changes.sentFields = [...new Set([...sentFields(draft), ...sent])];
  em.assign(draft, changes as never);
}

/** Fields a product may lack: sending them as null clears them. */
const NULLABLE = new Set<DraftField>(['category', 'description', 'barcode']);

/** What the draft was sent with; for drafts from before this was recorded, what it holds. */
export function sentFields(draft: ProductDraft): DraftField[] {
  if (draft.sentFields) return draft.sentFields;
  if (!draft.ingredientList) return [];
  return DRAFT_FIELDS.filter(
    (f) =>
      f === 'name' ||
      f === 'brand' ||
      f === 'ingredientList' ||
      (f === 'category' ? draft.category != null : f === 'barcode' ? draft.barcode != null : draft.description !== ''),
  );
}

export async function createDraft(
  em: EntityManager,
  viewer: User,
  fields: DraftFields & { name: string; brand: string; ingredientList: string },
): Promise<ProductDraft> {
  const draft = new ProductDraft();
  draft.author = em.getReference(User, viewer.id) as never;
  await applyFields(em, draft, fields, viewer);
  em.persist(draft);
  await em.flush();
  return draft;
}

/** The author while pending; moderators any time. */
export async function updateDraft(
  em: EntityManager,
  viewer: User,
  id: string,
  fields: DraftFields,
): Promise<ProductDraft> {
  const draft = await draftToChange(em, id, viewer);
  await applyFields(em, draft, fields, viewer);
  await em.flush();
  return draft;
}

/** The author while pending; moderators any time. Its image goes with it. */
export async function deleteDraft(em: EntityManager, viewer: User, id: string): Promise<boolean> {
  const draft = await getDraft(em, id, viewer);
  const pendingOnly = !isModerator(viewer);
  if (pendingOnly && draft.status !== ProductDraftStatus.pending)
    throw conflict(`The draft is ${draft.status}: only a pending draft can be withdrawn by its author`);
  // The author's withdrawal only while still pending: an approval committing meanwhile wins.
  const removed = await em.nativeDelete(ProductDraft, {
    id: draft.id,
    ...(pendingOnly ? { status: ProductDraftStatus.pending } : {}),
  });
  if (removed !== 1) throw conflict('The draft was approved at the same time: it can no longer be withdrawn');
  em.getUnitOfWork().unsetIdentity(draft);
  await removeImage(em, ImageOwnerKind.draft, draft.id);
  return true;
}

export function listDrafts(em: EntityManager, status: ProductDraftStatus | null | undefined, page: PageArgs) {
  return paginate(
    em,
    ProductDraft,
    { status: status ?? ProductDraftStatus.pending },
    { createdAt: 'asc', id: 'asc' },
    page,
  );
}

export function listAuthoredDrafts(em: EntityManager, viewer: User, page: PageArgs) {
  return paginate(em, ProductDraft, { author: viewer.id }, { createdAt: 'desc', id: 'desc' }, page);
}

export function listReviewedDrafts(em: EntityManager, viewer: User, page: PageArgs) {
  return paginate(em, ProductDraft, { reviewer: viewer.id }, { reviewedAt: 'desc', id: 'desc' }, page);
}

async function uniqueAlias<T extends object>(em: EntityManager, entity: new () => T, base: string): Promise<string> {
  const alias = (slugify(base) || 'item').slice(0, MAX_ALIAS_LENGTH);
  return (await em.count(entity, { alias } as never)) ? suffixedAlias(alias, newId()) : alias;
}

/**
 * Moderators: the draft becomes a published product (or updates the product it corrects), a new
 * brand is created if it named one, and the draft records its reviewer. Runs in the mutation's
 * transaction: all of it lands or none.
 */
export async function approveDraft(em: EntityManager, viewer: User, id: string): Promise<ProductDraft> {
  const draft = await getDraft(em, id, viewer);
  if (draft.status !== ProductDraftStatus.pending) throw conflict(`The draft is already ${draft.status}`);
  // Claimed first, by a conditional update: of moderators approving at once, one makes the product
  // and the others wait for its commit, then get CONFLICT (nine 500s and a race before).
  const reviewedAt = new Date();
  if (
    !(await changeIfStill(em, draft, { id: draft.id, status: ProductDraftStatus.pending }, {
      status: ProductDraftStatus.approved,
      reviewer: viewer.id,
      reviewedAt,
    } as never))
  ) {
    throw conflict('The draft was approved by someone else at the same time');
  }
  let brandId = draft.brand?.id ?? null;
  if (!brandId) {
    const name = draft.newBrandName!;
    const existing = await em.findOne(Brand, { alias: slugify(name) });
    brandId = existing?.id ?? em.create(Brand, { alias: await uniqueAlias(em, Brand, name), name, description: '' }).id;
  }
  const corrected = draft.product ? await em.findOne(Product, { id: draft.product.id }) : null;
  if (draft.product && !corrected) throw notFound('Product', draft.product.id);
  if (
    draft.barcode &&
    (await em.count(Product, { barcode: draft.barcode, ...(corrected ? { id: { $ne: corrected.id } } : {}) }))
  ) {
    throw conflict(`Another product has barcode ${draft.barcode}`, { field: 'barcode' });
  }
  const all = {
    name: draft.name,
    brand: brandId,
    category: draft.category?.id ?? null,
    description: draft.description,
    barcode: draft.barcode ?? null,
  };
  // A correction changes only what its author sent; a new product takes everything.
  const sent = new Set(sentFields(draft));
  // The product's flags are the analysis's reading of its list as a product of its category (product-flags.ts).
  const categoryId = corrected && !sent.has('category') ? (corrected.category?.id ?? null) : all.category;
  const category = categoryId ? await em.findOne(ProductCategory, { id: categoryId }) : null;
  const read = await productFlagsFor(em, draft.entries, category);
  const values = {
    ...(corrected ? Object.fromEntries(Object.entries(all).filter(([field]) => sent.has(field as DraftField))) : all),
    ingredientList: draft.ingredientList,
    ingredientIds: draft.ingredientIds,
    flags: read.flags,
  };
  let product: Product;
  if (corrected) {
    product = em.assign(corrected, values as never);
    if (product.status !== ProductStatus.published)
      em.assign(product, { status: ProductStatus.published, publishedAt: new Date() });
    await em.nativeDelete(ProductIngredient, { product: product.id });
  } else {
    const brand = await em.findOne(Brand, { id: brandId });
    product = em.create(Product, {
      ...values,
      alias: await uniqueAlias(em, Product, `${brand?.alias ?? ''} ${draft.name}`),
      status: ProductStatus.published,
      publishedAt: new Date(),
      createdBy: draft.author.id,
    } as never);
  }
  for (const [i, e] of draft.entries.entries()) {
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
      active: e.active ?? false,
      part: e.part ?? null,
      nano: e.nano ?? false,
    });
  }
  em.assign(draft, { brand: brandId, product: product.id } as never);
  await em.flush();
  // A correction that changes the list is a new version (and may alert who favours the product).
  await recordListVersions(em, [
    {
      productId: product.id,
      ingredientList: draft.ingredientList,
      ingredientIds: draft.ingredientIds,
      entries: draft.entries,
      source: ListVersionSource.draft_approved,
      authorId: draft.author.id,
    },
  ]);
  await moveImage(em, { kind: ImageOwnerKind.draft, id: draft.id }, { kind: ImageOwnerKind.product, id: product.id });
  refreshSimilarProduct(product.id);
  return draft;
}
