import { Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { matchedIngredientIds } from '../shared/ingredient-list.js';
import { UuidKeyed } from '../shared/base.entity.js';
import { User } from '../user/user.entity.js';
import { StoredEntriesType } from './stored-entries.type.js';
import type { SetAsideText } from './engine/set-aside.js';
import type { ActiveOutsideList } from './engine/analyze.js';

/** One entry as stored: what was printed and what it matched. */
export interface StoredEntry {
  position: number;
  input: string;
  match: string;
  ingredientId: string | null;
  concentration: string | null;
  mayContain: boolean;
  nano: boolean;
  active: boolean;
  /** The part of a kit or set ("Toner", "Step 2 Toner"); null (and absent in rows written before kits) for one product. */
  part?: string | null;
  /** Words run together that could not be read as names (absent when read): no free-of rule passes on the list. */
  unread?: boolean;
  /** Other names the same ingredient was printed under, kept once here (absent when none). */
  alsoPrintedAs?: string[];
  /** An active printed with its strength outside the list, read as an entry (absent otherwise). */
  outsideList?: boolean;
}

@Entity({ tableName: 'ingredient_analysis' })
// The personal data export pages a person's analyses by id (keyset): one index range a page, however many they have.
@Index({ properties: ['owner', 'id'] })
// The rows the start-up backfill has still to fill (set_aside null, analysis-backfill.service.ts): once it is done the
// index is empty, so a restart's look for work reads nothing rather than the whole table.
@Index({
  name: 'ingredient_analysis_unread_backfill_index',
  expression:
    'create index "ingredient_analysis_unread_backfill_index" on "ingredient_analysis" ("id") where "set_aside" is null',
})
@ObjectType({ description: 'An analysed ingredient list, shareable by its token.', simpleResolvers: true })
export class IngredientAnalysis extends UuidKeyed {
  /** Unguessable public handle: whoever holds it can read the analysis. */
  @Property({ type: 'text', unique: true })
  @Field({ description: 'Share this: GET /analyze/shared/:token returns the analysis.' })
  token!: string;

  @Property({ type: 'text' })
  @Field({ description: 'The list as pasted.' })
  ingredientList!: string;

  @Property({ type: StoredEntriesType, columnType: 'json' })
  entries: StoredEntry[] = [];

  @Property({ type: 'text[]' })
  @Field(() => [String], { description: 'Inputs that matched no ingredient, in printed order.' })
  unmatched: string[] = [];

  @Property({ type: 'text[]' })
  @Field(() => [String], { description: 'Entries printed more than once (kept once).' })
  duplicates: string[] = [];

  @Property({ type: 'text[]' })
  @Field(() => [String], { description: 'Footnotes found on the label ("*Certified organic").' })
  footnotes: string[] = [];

  /**
   * What the parser set aside from the list (shown kinds only), kept so that reading the analysis back does not parse
   * the list again; null only on a row written before it was kept, until the start-up backfill reaches it.
   */
  @Property({ type: 'json', nullable: true })
  setAside?: SetAsideText[] | null;

  /** The name line above the list (engine/parse.ts), kept for the same reason. */
  @Property({ type: 'text', nullable: true })
  nameLine?: string | null;

  /**
   * The actives the label named with a strength outside its list (engine/printed-strengths.ts), read or not; null on
   * rows written before they were looked for.
   */
  @Property({ type: 'json', nullable: true })
  activesOutsideList?: ActiveOutsideList[] | null;

  @Index()
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  owner?: Ref<User> | null;

  @Index()
  @Property({ type: 'datetime' })
  @Field()
  createdAt: Date = new Date();

  /** Matched ingredient ids in label order. Not stored: derived from the entries. */
  get ingredientIds(): string[] {
    return matchedIngredientIds(this.entries);
  }
}
