import DataLoader from 'dataloader';
import type { EntityManager } from '../../db.js';
import type { IngredientOpinion } from '../opinion/ingredient-opinion.entity.js';
import { ProductPitchOpinion } from './product-pitch.entity.js';

/** Attached opinions of many pitches in one query (plus one for the opinions). */
function pitchOpinionsLoader(em: EntityManager): DataLoader<string, IngredientOpinion[]> {
  return new DataLoader(async (pitchIds) => {
    const links = await em.find(
      ProductPitchOpinion,
      { pitch: { $in: [...pitchIds] } },
      { orderBy: { createdAt: 'asc', id: 'asc' }, populate: ['opinion'] },
    );
    const groups = new Map<string, IngredientOpinion[]>(pitchIds.map((id) => [id, []]));
    for (const link of links) groups.get(link.pitch.id)?.push(link.opinion.getEntity());
    return pitchIds.map((id) => groups.get(id) ?? []);
  });
}

export const createPitchLoaders = (em: EntityManager) => ({
  opinionsByPitch: pitchOpinionsLoader(em),
});
