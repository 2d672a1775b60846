// Whether a change of a product's list touches one person, and why. Pure: the diff, what the person
// feels about ingredients, their skin profile's cautions on each version (from the personal verdict
// engine, analysis/engine/personalize.ts) and their routines' findings with each version (routine
// engine) in; the reasons out. No reason: the change does not concern them.
import type { ListDiff } from './list-diff.js';

export type ImpactKind =
  | 'negative_added'
  | 'negative_moved_up'
  | 'positive_removed'
  | 'positive_moved_down'
  | 'profile_caution'
  | 'routine_clash';

export interface ImpactReason {
  kind: ImpactKind;
  ingredientId: string | null;
  /** The routine the clash is in (routine_clash only). */
  routineId: string | null;
  message: string;
}

/** A caution (or avoid) the person's skin profile raises on one ingredient of a version. */
export interface ProfileCaution {
  ingredientId: string;
  /** The skin type, concern or `pregnant` behind it. */
  basis: string;
  reason: string;
}

/** A finding of one of the person's routines that holds the product. */
export interface RoutineClash {
  routineId: string;
  routineName: string;
  rule: string;
  title: string;
  ingredientIds: string[];
}

export interface PersonView {
  negative: ReadonlySet<string>;
  positive: ReadonlySet<string>;
  cautionsBefore: readonly ProfileCaution[];
  cautionsAfter: readonly ProfileCaution[];
  clashesBefore: readonly RoutineClash[];
  clashesAfter: readonly RoutineClash[];
}

const clashKey = (c: RoutineClash) => `${c.routineId}|${c.rule}|${[...c.ingredientIds].sort().join(',')}`;

/** The reasons a change concerns this person, in a stable order; empty when it does not. */
export function impactOf(diff: ListDiff, person: PersonView, nameOf: (ingredientId: string) => string): ImpactReason[] {
  const reasons: ImpactReason[] = [];
  const add = (kind: ImpactKind, ingredientId: string | null, message: string, routineId: string | null = null) => {
    if (!reasons.some((r) => r.kind === kind && r.ingredientId === ingredientId && r.routineId === routineId))
      reasons.push({ kind, ingredientId, routineId, message });
  };
  for (const e of diff.added) {
    if (e.ingredientId && person.negative.has(e.ingredientId))
      add('negative_added', e.ingredientId, `${nameOf(e.ingredientId)}, which you marked negative, was added.`);
  }
  for (const e of [...diff.moved, ...diff.crossedOnePercent]) {
    if (!e.ingredientId || e.direction !== 'up' || !person.negative.has(e.ingredientId)) continue;
    const where =
      e.to!.belowOnePercent !== e.from!.belowOnePercent
        ? ' above the 1% line'
        : ` from position ${e.from!.position} to ${e.to!.position}`;
    add(
      'negative_moved_up',
      e.ingredientId,
      `${nameOf(e.ingredientId)}, which you marked negative, moved up${where}: there can be more of it.`,
    );
  }
  for (const e of diff.removed) {
    if (e.ingredientId && person.positive.has(e.ingredientId))
      add('positive_removed', e.ingredientId, `${nameOf(e.ingredientId)}, which you marked positive, was removed.`);
  }
  for (const e of diff.crossedOnePercent) {
    if (e.ingredientId && e.direction === 'down' && person.positive.has(e.ingredientId)) {
      add(
        'positive_moved_down',
        e.ingredientId,
        `${nameOf(e.ingredientId)}, which you marked positive, moved behind the 1% line: there is at most 1% of it now.`,
      );
    }
  }
  const before = new Set(person.cautionsBefore.map((c) => `${c.ingredientId}|${c.basis}`));
  for (const c of person.cautionsAfter) {
    // Feelings are reasons of their own above; a caution already there before is no news.
    if (before.has(`${c.ingredientId}|${c.basis}`)) continue;
    add('profile_caution', c.ingredientId, `${nameOf(c.ingredientId)} (${c.basis}): ${c.reason}.`);
  }
  const clashesBefore = new Set(person.clashesBefore.map(clashKey));
  for (const c of person.clashesAfter) {
    if (clashesBefore.has(clashKey(c))) continue;
    add(
      'routine_clash',
      null,
      `In your routine "${c.routineName}": ${c.title} (${c.ingredientIds.map(nameOf).join(', ')}).`,
      c.routineId,
    );
  }
  return reasons;
}
