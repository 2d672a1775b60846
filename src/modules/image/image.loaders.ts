import DataLoader from 'dataloader';
import type { EntityManager } from '../../db.js';
import { ImageOwnerKind, StoredImage } from './image.entity.js';

/** Images by `kind:ownerId`, one query per tick for any mix of owners. */
export const createImageLoaders = (em: EntityManager) => ({
  imageByOwner: new DataLoader<string, StoredImage | null>(async (keys) => {
    const pairs = keys.map((k) => k.split(':') as [ImageOwnerKind, string]);
    const rows = await em.find(StoredImage, {
      $or: [...new Set(pairs.map(([kind]) => kind))].map((kind) => ({
        ownerKind: kind,
        ownerId: { $in: pairs.filter(([k]) => k === kind).map(([, id]) => id) },
      })),
    });
    const byKey = new Map(rows.map((r) => [`${r.ownerKind}:${r.ownerId}`, r]));
    return keys.map((k) => byKey.get(k) ?? null);
  }),
});
