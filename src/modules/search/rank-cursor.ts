// Cursors over a ranked answer: the last row's rank and tie-breakers, as JSON behind a kind tag,
// signed as every list cursor is (shared/pagination.ts): a cursor of another list, or forged, is a
// 400 naming `cursor` before anything runs.
import { validationFailed } from '../../errors.js';
import { isUuid } from '../shared/ids.js';
import { openCursor, signCursor } from '../shared/pagination.js';

const notIssued = () => validationFailed('cursor', 'cursor is not one this service issued');

/** `['s', rank, …numbers, id]` (kind, a finite rank, whole numbers, a uuid). */
export const writeRankCursor = (kind: string, rank: number, tiebreakers: number[], id: string): string =>
  signCursor(Buffer.from(JSON.stringify([kind, rank, ...tiebreakers, id]), 'utf8').toString('base64url'));

export function readRankCursor(
  kind: string,
  cursor: string,
  tiebreakers: number,
): { rank: number; tiebreakers: number[]; id: string } {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(openCursor(cursor), 'base64url').toString('utf8'));
  } catch (error) {
    if ((error as { code?: string }).code) throw error;
    throw notIssued();
  }
  if (!Array.isArray(value) || value.length !== tiebreakers + 3 || value[0] !== kind) throw notIssued();
  const [, rank, ...rest] = value as unknown[];
  const id = rest.pop();
  if (
    typeof rank !== 'number' ||
    !Number.isFinite(rank) ||
    !rest.every(Number.isInteger) ||
    typeof id !== 'string' ||
    !isUuid(id)
  )
    throw notIssued();
  return { rank, tiebreakers: rest as number[], id };
}
