// Users as plain rows for read paths (issue 16): a list that joins its users' columns reads them
// as objects with User's property names instead of hydrating and merging entities. Such an object
// serves every User field resolver (they read properties and the id); it is never written.
import type { EntityManager } from '../../db.js';
import { entityFromRow, selectColumns } from '../shared/row-pages.js';
import { User } from './user.entity.js';

/** The select list of app_user's columns under `alias`, each named `<prefix><column>`. */
export const userSelect = (em: EntityManager, alias: string, prefix: string): string => selectColumns(em, User, alias, prefix);

/** The user of a row selected with userSelect, as a read-only User. */
export const userFromRow = (em: EntityManager, row: Record<string, unknown>, prefix: string): User => entityFromRow(em, User, row, prefix);
