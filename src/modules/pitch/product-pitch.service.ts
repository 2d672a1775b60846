import type { EntityManager } from '../../db.js';
import { AppError, forbidden, notFound, validationFailed } from '../../errors.js';
import { IngredientOpinion } from '../opinion/ingredient-opinion.entity.js';
import { getOpinion } from '../opinion/ingredient-opinion.service.js';
import type { Product } from '../product/product.entity.js';
import { getProduct } from '../product/product.service.js';
import { isUuid, newId } from '../shared/ids.js';
import { lookupKey } from '../shared/lookup-key.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { checkedHttpsUrl } from '../tutorial/https-url.js';
import { UserType, type User } from '../user/user.entity.js';
import { getUser } from '../user/user.service.js';
import { ProductPitch, ProductPitchOpinion } from './product-pitch.entity.js';
import { checkedStepTypes, PITCH_STEP_TYPES } from './step-types.js';

const MAX_MESSAGE = 2_000;

const isModerator = (viewer: User): boolean =>
  viewer.userType === UserType.moderator || viewer.userType === UserType.admin;
const brandOwnerOf = (product: Product): string | null => product.brand.getEntity().owner?.id ?? null;

/** A brand user pitches a product of a brand they own (admins: any product). */
export async function createPitch(
  em: EntityManager,
  viewer: User,
  input: { product: string; stepTypes: string[]; message?: string | null },
): Promise<ProductPitch> {
  const stepTypes = checkedStepTypes(input.stepTypes);
  if (!stepTypes) throw validationFailed('step_types', `step_types takes 1 or more of: ${PITCH_STEP_TYPES.join(', ')}`);
  const message = (input.message ?? '').trim();
  if (message.length > MAX_MESSAGE || message.includes('\0'))
    throw validationFailed('message', `message takes at most ${MAX_MESSAGE} characters, and no NUL`);
  const product = await getProduct(em, lookupKey('Product', input.product), viewer);
  if (brandOwnerOf(product) !== viewer.id && viewer.userType !== UserType.admin)
    throw forbidden("Only the owner of the product's brand pitches it");
  const pitch = em.create(ProductPitch, { product: product.id, author: viewer.id, stepTypes, message });
  await em.flush();
  return pitch;
}

/** The pitch, when its product is visible to the viewer; NOT_FOUND otherwise. */
export async function getPitch(
  em: EntityManager,
  id: string,
  viewer: User | null,
): Promise<{ pitch: ProductPitch; product: Product }> {
  const pitch = isUuid(id) ? await em.findOne(ProductPitch, { id: id.toLowerCase() }) : null;
  if (!pitch) throw notFound('Product pitch', id);
  try {
    return { pitch, product: await getProduct(em, pitch.product.id, viewer) };
  } catch (error) {
    // A pitch of a product the viewer may not see is hidden with it.
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw notFound('Product pitch', id);
    throw error;
  }
}

/** Changed by its author, the current owner of the product's brand, moderators and admins. */
async function changeablePitch(
  em: EntityManager,
  id: string,
  viewer: User,
): Promise<{ pitch: ProductPitch; product: Product }> {
  const found = await getPitch(em, id, viewer);
  if (found.pitch.author.id !== viewer.id && brandOwnerOf(found.product) !== viewer.id && !isModerator(viewer)) {
    throw forbidden("Only the pitch's author, the brand's owner or a moderator changes it");
  }
  return found;
}

/** Replaces the affiliate: the link, and the credited user (none when left out). */
export async function assignAffiliate(
  em: EntityManager,
  id: string,
  viewer: User,
  input: { affiliateUrl: string; affiliateUser?: string | null },
): Promise<ProductPitch> {
  const url = checkedHttpsUrl('affiliate_url', input.affiliateUrl);
  const { pitch } = await changeablePitch(em, id, viewer);
  const user = input.affiliateUser ? await getUser(em, lookupKey('User', input.affiliateUser)) : null;
  em.assign(pitch, { affiliateUrl: url, affiliateUser: user?.id ?? null, affiliateAssignedAt: new Date() });
  await em.flush();
  return pitch;
}

/** Attaches an opinion about an ingredient the product contains (idempotent). */
export async function addPitchOpinion(
  em: EntityManager,
  id: string,
  viewer: User,
  opinionUuid: string,
): Promise<ProductPitch> {
  const { pitch, product } = await changeablePitch(em, id, viewer);
  const opinion = await getOpinion(em, opinionUuid);
  if (!product.ingredientIds.includes(opinion.ingredient.id)) {
    throw validationFailed('opinion_uuid', 'The opinion is about an ingredient the product does not contain');
  }
  await em.upsert(
    ProductPitchOpinion,
    { id: newId(), pitch: pitch.id, opinion: opinion.id, createdAt: new Date() } as never,
    {
      onConflictFields: ['pitch', 'opinion'],
      onConflictAction: 'ignore',
    },
  );
  return pitch;
}

/** Detaches an opinion; NOT_FOUND when it is not attached. */
export async function removePitchOpinion(
  em: EntityManager,
  id: string,
  viewer: User,
  opinionUuid: string,
): Promise<ProductPitch> {
  const { pitch } = await changeablePitch(em, id, viewer);
  const removed = isUuid(opinionUuid)
    ? await em.nativeDelete(ProductPitchOpinion, { pitch: pitch.id, opinion: opinionUuid.toLowerCase() })
    : 0;
  if (!removed) throw notFound('Opinion attached to the pitch', opinionUuid);
  return pitch;
}

/** The opinions attached to a pitch, in the order they were attached. Two queries a page. */
export async function listPitchOpinions(em: EntityManager, id: string, viewer: User | null, page: PageArgs) {
  const { pitch } = await getPitch(em, id, viewer);
  const links = await paginate(em, ProductPitchOpinion, { pitch: pitch.id }, { createdAt: 'asc', id: 'asc' }, page);
  const opinions = links.items.length
    ? await em.find(IngredientOpinion, { id: { $in: links.items.map((l) => l.opinion.id) } })
    : [];
  const byId = new Map(opinions.map((o) => [o.id, o]));
  return {
    items: links.items.flatMap((l) => (byId.has(l.opinion.id) ? [byId.get(l.opinion.id)!] : [])),
    nextCursor: links.nextCursor,
  };
}

/** The caller's pitches, newest first. */
export function myPitches(em: EntityManager, viewer: User, page: PageArgs) {
  return paginate(em, ProductPitch, { author: viewer.id }, { createdAt: 'desc', id: 'desc' }, page);
}
