// Interest groups (data/supergroups.yaml) users join with PATCH /my/user/supergroups.
import { Field, ObjectType } from 'type-graphql';
import type { EntityManager } from '../../db.js';
import { validationFailed } from '../../errors.js';
import { readYaml } from '../knowledge/yaml-data.js';
import type { User } from './user.entity.js';

@ObjectType({ description: 'An interest group users join (acne, anti-aging, minimalists…).' })
export class Supergroup {
  @Field({ description: 'What clients send, e.g. "sensitive-skin".' })
  id!: string;

  @Field()
  name!: string;

  @Field()
  description!: string;
}

let all: Supergroup[] | null = null;

/** Every supergroup, in the order of the file; read once per process. */
export function loadSupergroups(): Supergroup[] {
  if (!all) {
    const rows = readYaml<Supergroup[]>('supergroups.yaml');
    for (const row of rows)
      if (!/^[a-z0-9-]+$/.test(row.id) || !row.name)
        throw new Error(`data/supergroups.yaml: bad entry ${JSON.stringify(row)}`);
    all = rows;
  }
  return all;
}

/** The groups behind stored ids, in the file's order (ids no longer in the file are dropped). */
export function supergroupsOf(ids: string[]): Supergroup[] {
  const wanted = new Set(ids);
  return loadSupergroups().filter((g) => wanted.has(g.id));
}

/** Replaces the caller's groups; an unknown id is VALIDATION_FAILED naming it. */
export async function setSupergroups(em: EntityManager, user: User, ids: string[]): Promise<User> {
  const known = new Set(loadSupergroups().map((g) => g.id));
  if (ids.length > known.size) throw validationFailed('supergroups', `supergroups takes at most ${known.size} ids`);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length)
    throw validationFailed(
      'supergroups',
      `Unknown supergroup ${unknown.map((u) => JSON.stringify(u)).join(', ')}: one of ${[...known].join(', ')}`,
    );
  user.supergroups = supergroupsOf(ids).map((g) => g.id);
  user.updatedAt = new Date();
  await em.flush();
  return user;
}
