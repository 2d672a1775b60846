import { randomBytes } from 'node:crypto';
import type { EntityManager } from '../../db.js';
import { conflict, notFound } from '../../errors.js';
import { checkedList } from '../shared/ingredient-list.js';
import { newId } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { User } from '../user/user.entity.js';
import { saveAnalysis, type NewAnalysis } from './analysis-writer.service.js';
import { IngredientAnalysis } from './analysis.entity.js';
import { analyzeIngredientList } from './engine/analyze.js';
import { shownSetAside } from './engine/set-aside.js';
import { loadMatcher } from '../ingredient/matcher.service.js';
import { changeIfStill } from '../shared/single-use.js';

/** Analyses and stores a list. Not inside a transaction: the row goes out with a group commit. */
export async function analyzeList(em: EntityManager, text: string, viewer: User | null): Promise<NewAnalysis> {
  const list = checkedList('ingredient_list', text);
  const result = analyzeIngredientList(list, await loadMatcher(em));
  const analysis: NewAnalysis = {
    id: newId(),
    token: randomBytes(16).toString('base64url'),
    ingredientList: list,
    entries: result.entries.map((e) => ({
      position: e.position,
      input: e.input,
      match: e.match,
      ingredientId: e.ingredientId,
      concentration: e.concentration,
      mayContain: e.mayContain,
      nano: e.nano,
      active: e.active,
      part: e.part,
      ...(e.unread ? { unread: true } : {}),
      ...(e.alsoPrintedAs ? { alsoPrintedAs: e.alsoPrintedAs } : {}),
      ...(e.outsideList ? { outsideList: true } : {}),
    })),
    unmatched: result.unmatched,
    duplicates: result.duplicates,
    footnotes: result.footnotes,
    ownerId: viewer?.id ?? null,
    createdAt: new Date(),
    setAside: shownSetAside(result.setAside),
    nameLine: result.nameLine,
    activesOutsideList: result.activesOutsideList,
  };
  await saveAnalysis(em, analysis);
  return analysis;
}

export async function getAnalysis(em: EntityManager, token: string): Promise<IngredientAnalysis> {
  const analysis = /^[A-Za-z0-9_-]{10,64}$/.test(token) ? await em.findOne(IngredientAnalysis, { token }) : null;
  if (!analysis) throw notFound('Analysis', token);
  return analysis;
}

/** Attaches an anonymous analysis to the caller; claiming one's own again changes nothing. */
export async function claimAnalysis(em: EntityManager, token: string, viewer: User): Promise<IngredientAnalysis> {
  const analysis = await getAnalysis(em, token);
  if (analysis.owner && analysis.owner.id !== viewer.id)
    throw conflict('This analysis already belongs to someone else');
  // Two callers claiming one anonymous analysis at once: the first keeps it, the other is CONFLICT.
  if (
    !analysis.owner &&
    !(await changeIfStill(em, analysis, { id: analysis.id, owner: null } as never, { owner: viewer.id } as never))
  ) {
    throw conflict('This analysis was claimed by someone else at the same time');
  }
  return analysis;
}

export function listMyAnalyses(em: EntityManager, viewer: User, page: PageArgs) {
  return paginate(em, IngredientAnalysis, { owner: viewer.id }, { createdAt: 'desc', id: 'desc' }, page);
}
