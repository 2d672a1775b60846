// Routines and their steps: reads with visibility, and the owner's writes. Every write runs
// in the mutation's transaction (see shared/transactional.ts), so a rejected one leaves nothing behind.
import type { EntityManager } from '../../db.js';
import { AppError, conflict, forbidden, notFound, validationFailed } from '../../errors.js';
import { ProductPitch } from '../pitch/product-pitch.entity.js';
import { Product, ProductStatus } from '../product/product.entity.js';
import { canSeeUnpublished } from '../product/product.service.js';
import { findOneByIdOrAlias } from '../shared/find.js';
import { isUuid } from '../shared/ids.js';
import { ProductTutorial, ProductTutorialStatus } from '../tutorial/product-tutorial.entity.js';
import { UserType, type User } from '../user/user.entity.js';
import { isStepType, STEP_TYPES } from './engine/steps.js';
import { productStepCandidates } from './product-step-types.service.js';
import { Routine, RoutineStatus, RoutineStep, RoutineTimeOfDay } from './routine.entity.js';
import { changeIfStill } from '../shared/single-use.js';

export const MAX_STEPS = 30;

export interface StepInput {
  stepType: string;
  product?: string | null;
  note?: string | null;
}

export interface RoutineChanges {
  name?: string | null;
  description?: string | null;
  timeOfDay?: RoutineTimeOfDay | null;
  current?: boolean | null;
}

export const isOwner = (routine: Routine, viewer: User | null): boolean =>
  viewer !== null && routine.owner.id === viewer.id;
const isAdmin = (viewer: User | null): boolean => viewer?.userType === UserType.admin;
/** Published routines are public; private ones their owner's (and admins', who moderate). */
export const canSeeRoutine = (routine: Routine, viewer: User | null): boolean =>
  routine.status === RoutineStatus.published || isOwner(routine, viewer) || isAdmin(viewer);

/** A routine the viewer may see: published ones are public, private ones their owner's only (404 for others). */
export async function getRoutine(em: EntityManager, id: string, viewer: User | null): Promise<Routine> {
  const routine = isUuid(id) ? await em.findOne(Routine, { id: id.toLowerCase() }) : null;
  if (!routine || !canSeeRoutine(routine, viewer)) throw notFound('Routine', id);
  return routine;
}

/** A routine the viewer may change (its owner, or an admin): 404 when they cannot see it, 403 when they can but it is someone else's. */
export async function ownRoutine(em: EntityManager, id: string, viewer: User): Promise<Routine> {
  const routine = await getRoutine(em, id, viewer);
  if (!isOwner(routine, viewer) && !isAdmin(viewer))
    throw forbidden("Only the routine's owner (or an admin) may change it");
  return routine;
}

export const stepsOf = (em: EntityManager, routineId: string): Promise<RoutineStep[]> =>
  em.find(RoutineStep, { routine: routineId }, { orderBy: { position: 'asc' } });

/** A step of this routine: 404 when no step has the id, 400 naming the field when it belongs to another routine. */
export async function stepOf(em: EntityManager, routine: Routine, stepId: string): Promise<RoutineStep> {
  const step = isUuid(stepId) ? await em.findOne(RoutineStep, { id: stepId.toLowerCase() }) : null;
  if (!step) throw notFound('Routine step', stepId);
  if (step.routine.id !== routine.id)
    throw validationFailed('routine_step_id', `routine_step_id: step ${stepId} belongs to another routine`);
  return step;
}

function checkedText(field: string, value: string, min: number, max: number): string {
  const text = value.trim();
  if (text.length < min || text.length > max)
    throw validationFailed(field, `${field} must be ${min} to ${max} characters`);
  return text;
}

const checkedStepType = (field: string, value: string): string => {
  const type = value.trim().toLowerCase();
  if (!isStepType(type)) throw validationFailed(field, `${field} must be one of ${STEP_TYPES.join(', ')}`);
  return type;
};

/** A product named in a body field: it must exist and be visible to the viewer, else 400 naming the field. */
async function productFor(em: EntityManager, field: string, idOrAlias: string, viewer: User): Promise<Product> {
  const key = idOrAlias.trim();
  const product = key ? await findOneByIdOrAlias(em, Product, key, { populate: ['brand'] }) : null;
  if (
    !product ||
    (product.status !== ProductStatus.published &&
      !canSeeUnpublished(product, viewer, product.brand.getEntity().owner?.id))
  ) {
    throw validationFailed(field, `${field}: no product "${idOrAlias}"`);
  }
  return product;
}

export async function createRoutine(
  em: EntityManager,
  viewer: User,
  input: {
    name: string;
    description?: string | null;
    timeOfDay: RoutineTimeOfDay;
    current?: boolean | null;
    steps?: Array<StepInput & { allowOtherKind?: boolean | null }> | null;
  },
): Promise<Routine> {
  const steps = input.steps ?? [];
  if (steps.length > MAX_STEPS) throw validationFailed('steps', `A routine has at most ${MAX_STEPS} steps`);
  const routine = em.create(Routine, {
    owner: viewer.id,
    name: checkedText('name', input.name, 1, 120),
    description: checkedText('description', input.description ?? '', 0, 2000),
    timeOfDay: input.timeOfDay,
    current: input.current ?? false,
    status: RoutineStatus.private,
  });
  for (const [i, step] of steps.entries()) {
    const stepType = checkedStepType(`steps[${i}].step_type`, step.stepType);
    const product = step.product != null ? await productFor(em, `steps[${i}].product`, step.product, viewer) : null;
    if (product && !step.allowOtherKind) await checkKind(em, product, stepType, `steps[${i}].step_type`);
    em.create(RoutineStep, {
      routine,
      position: i + 1,
      stepType,
      product: product?.id ?? null,
      note: checkedText(`steps[${i}].note`, step.note ?? '', 0, 500),
    });
  }
  await em.flush();
  return routine;
}

export async function updateRoutine(
  em: EntityManager,
  id: string,
  viewer: User,
  changes: RoutineChanges,
): Promise<Routine> {
  const routine = await ownRoutine(em, id, viewer);
  if (changes.name !== undefined) {
    if (changes.name === null) throw validationFailed('name', 'name must not be null');
    routine.name = checkedText('name', changes.name, 1, 120);
  }
  if (changes.description !== undefined)
    routine.description = checkedText('description', changes.description ?? '', 0, 2000);
  if (changes.timeOfDay !== undefined) {
    if (changes.timeOfDay === null) throw validationFailed('time_of_day', 'time_of_day must not be null');
    routine.timeOfDay = changes.timeOfDay;
  }
  if (changes.current !== undefined) {
    if (changes.current === null) throw validationFailed('current', 'current must be true or false');
    routine.current = changes.current;
  }
  await em.flush();
  return routine;
}

/** The owner or an admin deletes; admins may delete private routines they cannot otherwise see. */
export async function deleteRoutine(em: EntityManager, id: string, viewer: User): Promise<boolean> {
  const routine = isUuid(id) ? await em.findOne(Routine, { id: id.toLowerCase() }) : null;
  const admin = viewer.userType === UserType.admin;
  if (!routine || (!admin && !canSeeRoutine(routine, viewer))) throw notFound('Routine', id);
  if (!admin && !isOwner(routine, viewer)) throw forbidden("Only the routine's owner or an admin may delete it");
  await em.nativeDelete(Routine, { id: routine.id });
  return true;
}

/** private → published; CONFLICT when already published. */
export async function publishRoutine(em: EntityManager, id: string, viewer: User): Promise<Routine> {
  const routine = await ownRoutine(em, id, viewer);
  if (routine.status !== RoutineStatus.private)
    throw conflict(`The routine is ${routine.status}: only a private routine can be published`);
  if (
    !(await changeIfStill(
      em,
      routine,
      { id: routine.id, status: RoutineStatus.private },
      { status: RoutineStatus.published, publishedAt: new Date() },
    ))
  ) {
    throw conflict('The routine was published by another request at the same time');
  }
  return routine;
}

/**
 * The product must serve the step type (a toner is no moisturise step); a product of unknown kind serves any.
 * `field` is the body field the error names (the step type, or the product put into an existing step).
 */
async function checkKind(em: EntityManager, product: Product, stepType: string, field = 'step_type'): Promise<void> {
  const served = (await productStepCandidates(em, product)).map((c) => c.stepType);
  if (served.length === 0 || served.includes(stepType)) return;
  throw new AppError(
    'VALIDATION_FAILED',
    `${field}: ${product.name} serves ${served.join(', ')} steps, not ${stepType}; choose one of those, or send allow_other_kind: true to add it anyway`,
    { field, step_types: served },
  );
}

/** Adds a step at `position` (1..n+1, default: at the end); later steps move down one. */
export async function addRoutineStep(
  em: EntityManager,
  id: string,
  viewer: User,
  input: StepInput & { position?: number | null; allowOtherKind?: boolean | null },
): Promise<Routine> {
  const routine = await ownRoutine(em, id, viewer);
  const steps = await stepsOf(em, routine.id);
  if (steps.length >= MAX_STEPS) throw validationFailed('step_type', `A routine has at most ${MAX_STEPS} steps`);
  const stepType = checkedStepType('step_type', input.stepType);
  const position = input.position ?? steps.length + 1;
  if (!Number.isInteger(position) || position < 1 || position > steps.length + 1)
    throw validationFailed('position', `position must be from 1 to ${steps.length + 1}`);
  const product = input.product != null ? await productFor(em, 'product', input.product, viewer) : null;
  if (product && !input.allowOtherKind) await checkKind(em, product, stepType);
  for (const step of steps) if (step.position >= position) step.position += 1;
  em.create(RoutineStep, {
    routine,
    position,
    stepType,
    product: product?.id ?? null,
    note: checkedText('note', input.note ?? '', 0, 500),
  });
  routine.updatedAt = new Date();
  await em.flush();
  return routine;
}

/** Reorders the steps: the ids must be exactly the routine's steps, each once. */
export async function reorderRoutineSteps(
  em: EntityManager,
  id: string,
  viewer: User,
  stepIds: string[],
): Promise<Routine> {
  const routine = await ownRoutine(em, id, viewer);
  const steps = await stepsOf(em, routine.id);
  const ids = stepIds.map((s) => s.trim().toLowerCase());
  const byId = new Map(steps.map((s) => [s.id, s]));
  if (ids.length !== steps.length || new Set(ids).size !== ids.length || ids.some((s) => !byId.has(s))) {
    throw validationFailed(
      'routine_step_ids',
      `routine_step_ids must list each of the routine's ${steps.length} steps exactly once`,
    );
  }
  ids.forEach((stepId, i) => {
    byId.get(stepId)!.position = i + 1;
  });
  routine.updatedAt = new Date();
  await em.flush();
  return routine;
}

/**
 * Sets or (with null) clears a step's product; a pitch or tutorial of another product is cleared with it.
 * The product must serve the step's type unless allowOtherKind.
 */
export async function assignProduct(
  em: EntityManager,
  id: string,
  stepId: string,
  viewer: User,
  idOrAlias: string | null | undefined,
  allowOtherKind = false,
): Promise<RoutineStep> {
  if (idOrAlias === undefined) throw validationFailed('product', 'product is required (null clears it)');
  const routine = await ownRoutine(em, id, viewer);
  const step = await stepOf(em, routine, stepId);
  const product = idOrAlias !== null ? await productFor(em, 'product', idOrAlias, viewer) : null;
  if (product && !allowOtherKind) await checkKind(em, product, step.stepType, 'product');
  step.product = product ? (em.getReference(Product, product.id) as never) : null;
  if (step.pitch && (!product || (await em.findOneOrFail(ProductPitch, step.pitch.id)).product.id !== product.id))
    step.pitch = null;
  if (
    step.tutorial &&
    (!product || (await em.findOneOrFail(ProductTutorial, step.tutorial.id)).product.id !== product.id)
  )
    step.tutorial = null;
  await em.flush();
  return step;
}

/**
 * Points a step at a product pitch (null clears it); the step's product becomes the pitch's, which must
 * serve the step's type unless allowOtherKind.
 */
export async function assignPitch(
  em: EntityManager,
  id: string,
  stepId: string,
  viewer: User,
  pitchId: string | null | undefined,
  allowOtherKind = false,
): Promise<RoutineStep> {
  if (pitchId === undefined)
    throw validationFailed('product_pitch_id', 'product_pitch_id is required (null clears it)');
  const routine = await ownRoutine(em, id, viewer);
  const step = await stepOf(em, routine, stepId);
  if (pitchId === null) {
    step.pitch = null;
  } else {
    const pitch = isUuid(pitchId.trim()) ? await em.findOne(ProductPitch, { id: pitchId.trim().toLowerCase() }) : null;
    if (!pitch) throw validationFailed('product_pitch_id', `product_pitch_id: no product pitch "${pitchId}"`);
    const product = await productFor(em, 'product_pitch_id', pitch.product.id, viewer);
    if (!allowOtherKind) await checkKind(em, product, step.stepType, 'product_pitch_id');
    step.pitch = pitch as never;
    step.product = em.getReference(Product, product.id) as never;
    if (step.tutorial && (await em.findOneOrFail(ProductTutorial, step.tutorial.id)).product.id !== product.id)
      step.tutorial = null;
  }
  await em.flush();
  return step;
}

/**
 * Points a step at a product tutorial (published, or the caller's own; null clears it); the step's
 * product becomes the tutorial's. Another product already in the step is replaced only when asked
 * (replaceProduct), and the answer names it (replacedProductId); else CONFLICT.
 */
export async function assignTutorial(
  em: EntityManager,
  id: string,
  stepId: string,
  viewer: User,
  tutorialId: string | null | undefined,
  replaceProduct = false,
): Promise<RoutineStep> {
  if (tutorialId === undefined)
    throw validationFailed('product_tutorial_id', 'product_tutorial_id is required (null clears it)');
  const routine = await ownRoutine(em, id, viewer);
  const step = await stepOf(em, routine, stepId);
  if (tutorialId === null) {
    step.tutorial = null;
  } else {
    const tutorial = isUuid(tutorialId.trim())
      ? await em.findOne(ProductTutorial, { id: tutorialId.trim().toLowerCase() })
      : null;
    if (!tutorial || (tutorial.status !== ProductTutorialStatus.published && tutorial.author.id !== viewer.id)) {
      throw validationFailed('product_tutorial_id', `product_tutorial_id: no product tutorial "${tutorialId}"`);
    }
    const product = await productFor(em, 'product_tutorial_id', tutorial.product.id, viewer);
    const current = step.product?.id ?? null;
    if (current && current !== product.id) {
      if (!replaceProduct) {
        const held = await em.findOneOrFail(Product, current);
        throw conflict(
          `The step holds ${held.name}; the tutorial is of ${product.name}. Send replace_product: true to replace the step's product with the tutorial's`,
          { field: 'replace_product', product: current, tutorial_product: product.id },
        );
      }
      step.replacedProductId = current;
    }
    step.tutorial = tutorial as never;
    step.product = em.getReference(Product, product.id) as never;
    if (step.pitch && (await em.findOneOrFail(ProductPitch, step.pitch.id)).product.id !== product.id)
      step.pitch = null;
  }
  await em.flush();
  return step;
}
