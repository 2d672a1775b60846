import { createRequire } from 'node:module';
import { UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import countries from 'i18n-iso-countries';
import type { EntityManager } from '../../db.js';
import { conflict, forbidden, notFound, validationFailed } from '../../errors.js';
import { isUuid } from '../shared/ids.js';
import { paginate, type PageArgs } from '../shared/pagination.js';
import { User, UserType } from './user.entity.js';
import { namesNothing, shownKey } from '../shared/lookup-key.js';

countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));

export async function getUser(em: EntityManager, idOrUsername: string): Promise<User> {
  // A key no user can have, or longer than any username: unknown, without a query.
  if (namesNothing(idOrUsername) || idOrUsername.length > 100)
    throw notFound('User', shownKey(idOrUsername).slice(0, 100));
  const user = await em.findOne(
    User,
    isUuid(idOrUsername) ? { id: idOrUsername.toLowerCase() } : { username: idOrUsername.toLowerCase() },
  );
  if (!user) throw notFound('User', idOrUsername);
  return user;
}

/** E-mail addresses are shown to their owner and to admins only. */
export const canSeeEmail = (user: User, viewer: User | null): boolean =>
  viewer !== null && (viewer.id === user.id || viewer.userType === UserType.admin);

/** The user named in the path, when the caller is that user or an admin: else FORBIDDEN. */
export async function ownUser(
  em: EntityManager,
  idOrUsername: string,
  viewer: User,
  what = 'change this',
): Promise<User> {
  const user = await getUser(em, idOrUsername);
  if (!canSeeEmail(user, viewer)) throw forbidden(`Only the user and admins ${what}`);
  return user;
}

/**
 * Usernames: 3-30 characters, lowercase letters, digits and `_ . -`, starting with a letter or
 * a digit (the rule of usernames made from tokens). Names the path space uses are reserved.
 */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9_.-]{2,29}$/;
const RESERVED_USERNAMES = new Set([
  'experts',
  'lookup',
  'send_invite_link',
  'me',
  'my',
  'admin',
  'root',
  'null',
  'undefined',
]);

/** Names the path space uses (GET /users/experts…) and the placeholders of deleted accounts. */
export const isReservedUsername = (name: string): boolean =>
  RESERVED_USERNAMES.has(name) || name.startsWith('deleted-');

export function checkedUsername(raw: string): string {
  if (!USERNAME_PATTERN.test(raw)) {
    throw validationFailed(
      'username',
      'username must be 3-30 characters: lowercase letters, digits, _ . - (starting with a letter or digit)',
    );
  }
  if (isReservedUsername(raw)) throw validationFailed('username', `username "${raw}" is reserved`);
  return raw;
}

const ACTIVE = { deletedAt: null } as const;

/** Users, newest first, optionally of one type. Deleted (anonymised) accounts are left out. */
export function listUsers(em: EntityManager, userType: UserType | null | undefined, page: PageArgs) {
  const where: FilterQuery<User> = userType ? { ...ACTIVE, userType } : { ...ACTIVE };
  return paginate(em, User, where, { createdAt: 'desc', id: 'desc' }, page);
}

/** Users whose username starts with a prefix, alphabetically. */
export function lookupUsers(em: EntityManager, prefix: string, page: PageArgs) {
  const wanted = prefix.trim().toLowerCase();
  if (!/^[a-z0-9_.-]{1,30}$/.test(wanted))
    throw validationFailed('username', 'username must be 1-30 characters of a-z, 0-9, _ . -');
  const escaped = wanted.replace(/[\\%_]/g, (c) => `\\${c}`);
  return paginate(em, User, { ...ACTIVE, username: { $like: `${escaped}%` } }, { username: 'asc', id: 'asc' }, page);
}

export interface ProfileChanges {
  displayName?: string | null;
  bio?: string | null;
  country?: string | null;
}

/** Display name, bio and country (the user or an admin); omitted fields stay as they are. */
export async function updateProfile(
  em: EntityManager,
  idOrUsername: string,
  viewer: User,
  changes: ProfileChanges,
): Promise<User> {
  const user = await ownUser(em, idOrUsername, viewer, 'change a profile');
  if (changes.displayName !== undefined) {
    const name = changes.displayName === null ? null : changes.displayName.trim();
    if (name !== null && (name.length < 1 || name.length > 80 || /[\u0000-\u001f\u007f]/.test(name))) {
      throw validationFailed(
        'display_name',
        'display_name must be 1-80 characters without control characters (null clears it)',
      );
    }
    user.displayName = name;
  }
  if (changes.bio !== undefined) {
    const bio = (changes.bio ?? '').trim();
    if (bio.length > 1000 || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(bio))
      throw validationFailed('bio', 'bio must be at most 1,000 characters without control characters');
    user.bio = bio;
  }
  if (changes.country !== undefined) {
    const code = changes.country === null ? null : changes.country.trim().toUpperCase();
    if (code !== null && (!/^[A-Z]{2}$/.test(code) || !countries.isValid(code)))
      throw validationFailed(
        'country',
        'country must be an ISO 3166-1 alpha-2 code such as FR (see GET /census/countries), or null',
      );
    user.country = code;
  }
  user.updatedAt = new Date();
  await em.flush();
  return user;
}

/** A new username (the user or an admin): CONFLICT when another user has it. */
export async function changeUsername(
  em: EntityManager,
  idOrUsername: string,
  viewer: User,
  wanted: string,
): Promise<User> {
  const user = await ownUser(em, idOrUsername, viewer, 'change a username');
  const username = checkedUsername(wanted);
  if (username === user.username) return user;
  const taken = await em.count(User, { username, id: { $ne: user.id } });
  if (taken) throw conflict(`The username "${username}" is taken`, { field: 'username' });
  user.username = username;
  user.updatedAt = new Date();
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw conflict(`The username "${username}" is taken`, { field: 'username' });
    throw error;
  }
  return user;
}

/** Admins set a user's type (the router lets only admins call it). */
export async function changeUserType(em: EntityManager, idOrUsername: string, userType: UserType): Promise<User> {
  const user = await getUser(em, idOrUsername);
  if (user.deletedAt) throw conflict('This account was deleted');
  user.userType = userType;
  user.updatedAt = new Date();
  await em.flush();
  return user;
}
