import type { EntityManager } from '../../db.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { Ingredient } from '../ingredient/ingredient.entity.js';
import { namesInUse } from '../ingredient/ingredient-write.service.js';
import { findOneByIdOrAlias } from '../shared/find.js';
import { isUuid } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import type { User } from '../user/user.entity.js';
import { getAnalysis } from './analysis.service.js';
import { IngredientMatchProposal, ProposalStatus } from './match-proposal.entity.js';
import { ingredientChanged } from '../ingredient/matcher.service.js';
import { changeIfStill } from '../shared/single-use.js';

/** "Input X of this analysis is ingredient Y": recorded for a moderator to accept. */
export async function proposeMatch(
  em: EntityManager,
  token: string,
  input: string,
  ingredientKey: string,
  viewer: User,
): Promise<IngredientMatchProposal> {
  const analysis = await getAnalysis(em, token);
  const entry = analysis.entries.find((e) => e.input.toLowerCase() === input.trim().toLowerCase());
  if (!entry) throw validationFailed('input', `"${input}" is not an entry of this analysis`);
  const ingredient = await findOneByIdOrAlias(em, Ingredient, ingredientKey);
  if (!ingredient) throw validationFailed('ingredient', `No ingredient "${ingredientKey}"`);
  if (entry.ingredientId === ingredient.id) throw conflict(`"${entry.input}" already matches ${ingredient.name}`);
  const pending = await em.findOne(IngredientMatchProposal, {
    analysis: analysis.id,
    input: entry.input,
    proposer: viewer.id,
    status: ProposalStatus.pending,
  });
  if (pending) throw conflict('You already proposed a match for this input; a moderator will review it');
  const proposal = em.create(IngredientMatchProposal, {
    analysis: analysis.id,
    input: entry.input,
    ingredient: ingredient.id,
    proposer: viewer.id,
    status: ProposalStatus.pending,
  });
  await em.flush();
  return proposal;
}

async function pendingProposal(em: EntityManager, id: string): Promise<IngredientMatchProposal> {
  const proposal = isUuid(id) ? await em.findOne(IngredientMatchProposal, { id }) : null;
  if (!proposal) throw notFound('Match proposal', id);
  if (proposal.status !== ProposalStatus.pending) throw conflict(`This proposal is already ${proposal.status}`);
  return proposal;
}

/** Accepting makes the input an other name of the ingredient, so the matcher knows it from now on. */
export async function reviewMatch(
  em: EntityManager,
  id: string,
  accept: boolean,
  reviewer: User,
): Promise<IngredientMatchProposal> {
  const proposal = await pendingProposal(em, id);
  if (accept) {
    const ingredient = await em.findOneOrFail(Ingredient, { id: proposal.ingredient.id });
    const taken = (await namesInUse(em, [proposal.input])).filter(
      (n) => n.toLowerCase() === proposal.input.toLowerCase(),
    );
    const ownName = [ingredient.name, ...ingredient.otherNames].some(
      (n) => n.toLowerCase() === proposal.input.toLowerCase(),
    );
    if (taken.length && !ownName) throw conflict(`"${proposal.input}" already names another ingredient`);
    if (!ownName) ingredient.otherNames = [...ingredient.otherNames, proposal.input];
  }
  const review = {
    status: accept ? ProposalStatus.accepted : ProposalStatus.rejected,
    reviewer: reviewer.id,
    reviewedAt: new Date(),
  };
  // Two moderators at once: one review stands, the other is CONFLICT and its transaction (with the name it added) rolls
  // back.
  if (!(await changeIfStill(em, proposal, { id: proposal.id, status: ProposalStatus.pending }, review as never))) {
    throw conflict('This proposal was reviewed by someone else at the same time');
  }
  await em.flush();
  if (accept) ingredientChanged(proposal.ingredient.id);
  return proposal;
}

export function listProposals(em: EntityManager, status: ProposalStatus, page: PageArgs) {
  return paginate(em, IngredientMatchProposal, { status }, { createdAt: 'asc', id: 'asc' }, page);
}
