import type { EntityManager } from '../../db.js';
import { conflict, forbidden, notFound, nulCharacterRefused, validationFailed } from '../../errors.js';
import { Product, ProductStatus } from '../product/product.entity.js';
import { getProduct } from '../product/product.service.js';
import { isUuid } from '../shared/ids.js';
import { lookupKey } from '../shared/lookup-key.js';
import { paginate, type PageArgs, type PageResult } from '../shared/pagination.js';
import { entityFromRow, rowPage, selectColumns } from '../shared/row-pages.js';
import { findUnit } from '../unit/unit.service.js';
import { UserType, type User } from '../user/user.entity.js';
import { getUser } from '../user/user.service.js';
import { userFromRow, userSelect } from '../user/user-rows.js';
import { checkedHttpsUrl } from './https-url.js';
import { changeIfStill } from '../shared/single-use.js';
import {
  ProductTutorial,
  ProductTutorialInstruction,
  ProductTutorialStatus,
  ProductTutorialWarning,
  type TutorialFrequency,
  type TutorialTimeOfDay,
} from './product-tutorial.entity.js';

const MAX_TITLE = 200;
const MAX_DESCRIPTION = 5_000;
const MAX_STEP_TEXT = 2_000;
const MAX_AMOUNT = 10_000;

const isModerator = (viewer: User | null): boolean =>
  viewer?.userType === UserType.moderator || viewer?.userType === UserType.admin;
const isAuthor = (tutorial: ProductTutorial, viewer: User | null): boolean =>
  viewer !== null && tutorial.author.id === viewer.id;

/** Drafts are seen by their author, moderators and admins only. */
export const canSeeTutorial = (tutorial: ProductTutorial, viewer: User | null): boolean =>
  tutorial.status === ProductTutorialStatus.published || isAuthor(tutorial, viewer) || isModerator(viewer);

function checkedText(field: string, text: string | null | undefined, max: number, allowEmpty = false): string {
  const trimmed = (text ?? '').trim();
  if (!trimmed && !allowEmpty) throw validationFailed(field, `${field} must not be empty`);
  if (trimmed.includes('\0')) throw nulCharacterRefused(field);
  if (trimmed.length > max) throw validationFailed(field, `${field} takes at most ${max} characters`);
  return trimmed;
}

/** The tutorial if the viewer may see it; NOT_FOUND otherwise (and for ids that are not UUIDs). */
export async function getTutorial(em: EntityManager, id: string, viewer: User | null): Promise<ProductTutorial> {
  const tutorial = isUuid(id) ? await em.findOne(ProductTutorial, { id: id.toLowerCase() }) : null;
  if (!tutorial || !canSeeTutorial(tutorial, viewer)) throw notFound('Product tutorial', id);
  return tutorial;
}

/** The tutorial if the viewer may change it: its author, moderators and admins (403 for others who see it). */
async function changeableTutorial(em: EntityManager, id: string, viewer: User, lock = false): Promise<ProductTutorial> {
  const tutorial = await getTutorial(em, id, viewer);
  if (!isAuthor(tutorial, viewer) && !isModerator(viewer))
    throw forbidden("Only the tutorial's author or a moderator changes it");
  if (lock) {
    // Serialises writes to the instruction list: positions stay dense under concurrent calls.
    await em.execute('select id from product_tutorial where id = ? for update', [tutorial.id]);
    await em.refresh(tutorial);
  }
  return tutorial;
}

export interface TutorialInfo {
  title?: string | null;
  description?: string | null;
  frequency?: TutorialFrequency | null;
  timeOfDay?: TutorialTimeOfDay | null;
}

export async function createTutorial(
  em: EntityManager,
  viewer: User,
  input: TutorialInfo & { product: string; title: string },
): Promise<ProductTutorial> {
  const title = checkedText('title', input.title, MAX_TITLE);
  const description = checkedText('description', input.description, MAX_DESCRIPTION, true);
  const product = await getProduct(em, lookupKey('Product', input.product), viewer);
  const tutorial = em.create(ProductTutorial, {
    product: product.id,
    author: viewer.id,
    title,
    description,
    frequency: input.frequency ?? null,
    timeOfDay: input.timeOfDay ?? null,
    status: ProductTutorialStatus.draft,
    instructionCount: 0,
  });
  await em.flush();
  return tutorial;
}

/** Changes the fields given; omitted ones stay. frequency and time_of_day take null to clear. */
export async function setGeneralInfo(
  em: EntityManager,
  id: string,
  viewer: User,
  info: TutorialInfo,
): Promise<ProductTutorial> {
  const changes: Partial<ProductTutorial> = {};
  if (info.title !== undefined) changes.title = checkedText('title', info.title, MAX_TITLE);
  if (info.description !== undefined)
    changes.description = checkedText('description', info.description, MAX_DESCRIPTION, true);
  if (info.frequency !== undefined) changes.frequency = info.frequency;
  if (info.timeOfDay !== undefined) changes.timeOfDay = info.timeOfDay;
  const tutorial = await changeableTutorial(em, id, viewer);
  em.assign(tutorial, changes);
  await em.flush();
  return tutorial;
}

export async function setMediaUrl(
  em: EntityManager,
  id: string,
  viewer: User,
  mediaUrl: string,
): Promise<ProductTutorial> {
  const url = checkedHttpsUrl('media_url', mediaUrl);
  const tutorial = await changeableTutorial(em, id, viewer);
  em.assign(tutorial, { mediaUrl: url });
  await em.flush();
  return tutorial;
}

export async function setQuantity(
  em: EntityManager,
  id: string,
  viewer: User,
  amount: number,
  unitIdOrAlias: string,
): Promise<ProductTutorial> {
  if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_AMOUNT)
    throw validationFailed('amount', `amount must be a number above 0 and at most ${MAX_AMOUNT}`);
  const unit = await findUnit(em, unitIdOrAlias);
  if (!unit)
    throw validationFailed(
      'unit',
      `unit "${unitIdOrAlias}" is not a unit of measurement (an id, alias or symbol of GET /unit_of_measurements)`,
    );
  const tutorial = await changeableTutorial(em, id, viewer);
  em.assign(tutorial, { quantityAmount: amount, quantityUnit: unit.id });
  await em.flush();
  return tutorial;
}

/** draft → published; CONFLICT otherwise. */
export async function publishTutorial(em: EntityManager, id: string, viewer: User): Promise<ProductTutorial> {
  const tutorial = await changeableTutorial(em, id, viewer, true);
  if (tutorial.status !== ProductTutorialStatus.draft)
    throw conflict(`The tutorial is ${tutorial.status}: only a draft can be published`);
  // A published tutorial is listed to everyone with its product: the product must be public first.
  const product = await em.findOneOrFail(Product, { id: tutorial.product.id });
  if (product.status !== ProductStatus.published)
    throw conflict(`The tutorial's product is ${product.status}: publish the product first`);
  if (
    !(await changeIfStill(
      em,
      tutorial,
      { id: tutorial.id, status: ProductTutorialStatus.draft },
      { status: ProductTutorialStatus.published, publishedAt: new Date() },
    ))
  ) {
    throw conflict('The tutorial was published by another request at the same time');
  }
  return tutorial;
}

// Instructions and warnings

export async function listInstructions(em: EntityManager, id: string, viewer: User | null, page: PageArgs) {
  const tutorial = await getTutorial(em, id, viewer);
  return paginate(em, ProductTutorialInstruction, { tutorial: tutorial.id }, { position: 'asc', id: 'asc' }, page);
}

/** Appends an instruction at position n + 1. */
export async function addInstruction(
  em: EntityManager,
  id: string,
  viewer: User,
  text: string,
): Promise<ProductTutorialInstruction> {
  const checked = checkedText('text', text, MAX_STEP_TEXT);
  const tutorial = await changeableTutorial(em, id, viewer, true);
  tutorial.instructionCount += 1;
  const instruction = em.create(ProductTutorialInstruction, {
    tutorial,
    position: tutorial.instructionCount,
    text: checked,
  });
  await em.flush();
  return instruction;
}

/** Removes an instruction; the ones after it move up one position. */
export async function deleteInstruction(
  em: EntityManager,
  id: string,
  instructionId: string,
  viewer: User,
): Promise<boolean> {
  const tutorial = await changeableTutorial(em, id, viewer, true);
  const instruction = isUuid(instructionId)
    ? await em.findOne(ProductTutorialInstruction, { id: instructionId.toLowerCase(), tutorial: tutorial.id })
    : null;
  if (!instruction) throw notFound('Instruction', instructionId);
  await em.nativeDelete(ProductTutorialInstruction, { id: instruction.id });
  await em.execute(
    'update product_tutorial_instruction set position = position - 1 where tutorial_id = ? and position > ?',
    [tutorial.id, instruction.position],
  );
  tutorial.instructionCount -= 1;
  await em.flush();
  return true;
}

export async function listWarnings(em: EntityManager, id: string, viewer: User | null, page: PageArgs) {
  const tutorial = await getTutorial(em, id, viewer);
  return paginate(em, ProductTutorialWarning, { tutorial: tutorial.id }, { createdAt: 'asc', id: 'asc' }, page);
}

export async function addWarning(
  em: EntityManager,
  id: string,
  viewer: User,
  text: string,
): Promise<ProductTutorialWarning> {
  const checked = checkedText('text', text, MAX_STEP_TEXT);
  const tutorial = await changeableTutorial(em, id, viewer);
  const warning = em.create(ProductTutorialWarning, { tutorial, text: checked });
  await em.flush();
  return warning;
}

export async function deleteWarning(em: EntityManager, id: string, warningId: string, viewer: User): Promise<boolean> {
  const tutorial = await changeableTutorial(em, id, viewer);
  const deleted = isUuid(warningId)
    ? await em.nativeDelete(ProductTutorialWarning, { id: warningId.toLowerCase(), tutorial: tutorial.id })
    : 0;
  if (!deleted) throw notFound('Warning', warningId);
  return true;
}

// Lists

/**
 * A page of tutorials, newest first by `key` (published lists by `published_at`, the date they show; a
 * person's own list, drafts included, by `created_at`), as rows with their authors joined in
 * (read-only objects with the entities' properties): one statement, whatever the page's size.
 */
function tutorialPage(
  em: EntityManager,
  where: string,
  params: unknown[],
  page: PageArgs,
  key: 't.published_at' | 't.created_at' = 't.created_at',
): Promise<PageResult<ProductTutorial>> {
  return rowPage(
    em,
    {
      select: `${selectColumns(em, ProductTutorial, 't', 't_')}, ${userSelect(em, 'u', 'u_')}`,
      from: 'product_tutorial t join app_user u on u.id = t.author_id',
      where,
      params,
      key,
      id: 't.id',
    },
    page,
    (row: Record<string, unknown>) => {
      const tutorial = entityFromRow(em, ProductTutorial, row, 't_');
      (tutorial as { author: unknown }).author = userFromRow(em, row, 'u_');
      return tutorial;
    },
  );
}

/** Published tutorials, newest first; ?product= narrows to one product. */
export async function listTutorials(
  em: EntityManager,
  viewer: User | null,
  filter: { product?: string | null },
  page: PageArgs,
) {
  // A published tutorial always has its publication date.
  const published = `t.status = 'published' and t.published_at is not null`;
  if (!filter.product) return tutorialPage(em, published, [], page, 't.published_at');
  const product = await getProduct(em, lookupKey('Product', filter.product), viewer);
  return tutorialPage(em, `${published} and t.product_id = ?`, [product.id], page, 't.published_at');
}

/**
 * A product's featured tutorial: among its published tutorials with a media URL, the one with
 * the most instructions; ties go to the newest. NOT_FOUND when none qualifies.
 */
export async function featuredTutorial(
  em: EntityManager,
  product: string,
  viewer: User | null,
): Promise<ProductTutorial> {
  const { id } = await getProduct(em, lookupKey('Product', product), viewer);
  const best = await em.findOne(
    ProductTutorial,
    { product: id, status: ProductTutorialStatus.published, mediaUrl: { $ne: null } },
    {
      orderBy: { instructionCount: 'desc', createdAt: 'desc', id: 'desc' },
    },
  );
  if (!best) throw notFound('Featured tutorial of product', product);
  return best;
}

/** The caller's tutorials, drafts included, newest first. */
export function myTutorials(em: EntityManager, viewer: User, page: PageArgs) {
  return tutorialPage(em, 't.author_id = ?', [viewer.id], page);
}

/** A user's tutorials: the published ones; drafts too for the user, moderators and admins. */
export async function userTutorials(em: EntityManager, idOrUsername: string, viewer: User | null, page: PageArgs) {
  const user = await getUser(em, lookupKey('User', idOrUsername));
  const all = viewer !== null && (viewer.id === user.id || isModerator(viewer));
  return tutorialPage(em, all ? 't.author_id = ?' : `t.author_id = ? and t.status = 'published'`, [user.id], page);
}
