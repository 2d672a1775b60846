import type { EntityManager } from '../../db.js';
import { forbidden, validationFailed } from '../../errors.js';
import { getUser } from '../user/user.service.js';
import { UserType, type User } from '../user/user.entity.js';
import { brandCountry } from './brand-country.js';
import { Brand } from './brand.entity.js';
import { getBrand } from './brand.service.js';
import { hostProblem } from '../shared/public-host.js';

export interface BrandChanges {
  name?: string | null;
  description?: string | null;
  country?: string | null;
  website?: string | null;
  founded?: number | null;
}

function mayManage(brand: Brand, viewer: User): void {
  if (viewer.userType !== UserType.admin && brand.owner?.id !== viewer.id)
    throw forbidden("Only the brand's owner or an admin changes a brand");
}

/** Changes what was sent; fields left out stay as they are. */
export async function updateBrand(
  em: EntityManager,
  idOrAlias: string,
  viewer: User,
  changes: BrandChanges,
): Promise<Brand> {
  const brand = await getBrand(em, idOrAlias);
  mayManage(brand, viewer);
  if (changes.name !== undefined) {
    const name = changes.name?.trim() ?? '';
    if (name.length < 1 || name.length > 120) throw validationFailed('name', 'name must be 1-120 characters');
    brand.name = name;
  }
  if (changes.description !== undefined) {
    if ((changes.description ?? '').length > 5000)
      throw validationFailed('description', 'description must be at most 5,000 characters');
    brand.description = changes.description?.trim() ?? '';
  }
  if (changes.country !== undefined) {
    brand.country = changes.country === null ? null : brandCountry(changes.country);
  }
  if (changes.website !== undefined) {
    if (changes.website !== null) {
      let url: URL | null = null;
      try {
        url = new URL(changes.website);
      } catch {
        url = null;
      }
      if (url?.protocol !== 'https:') throw validationFailed('website', 'website must be an https URL');
      const problem = hostProblem(url);
      if (problem) throw validationFailed('website', `website must name a public site: ${problem}`);
    }
    brand.website = changes.website;
  }
  if (changes.founded !== undefined) {
    if (
      changes.founded !== null &&
      (!Number.isInteger(changes.founded) || changes.founded < 1700 || changes.founded > new Date().getUTCFullYear())
    ) {
      throw validationFailed('founded', 'founded must be a year from 1700 to this year');
    }
    brand.founded = changes.founded;
  }
  await em.flush();
  return brand;
}

/** Hands the brand to another brand user (its owner or an admin does this). */
export async function transferBrand(em: EntityManager, idOrAlias: string, viewer: User, to: string): Promise<Brand> {
  const brand = await getBrand(em, idOrAlias);
  mayManage(brand, viewer);
  let target: User;
  try {
    target = await getUser(em, to);
  } catch {
    throw validationFailed('to', `No user "${to}"`);
  }
  if (target.userType !== UserType.brand && target.userType !== UserType.admin)
    throw validationFailed('to', 'A brand can only be owned by a brand user');
  em.assign(brand, { owner: target.id });
  await em.flush();
  return brand;
}
