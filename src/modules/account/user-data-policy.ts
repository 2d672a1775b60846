// Every column that holds a person's id (or their identity provider's subject) says here what
// deleting the account does to it, and why. Account erasure (account-erasure.service.ts) and the personal
// data export (data-export.service.ts) are both driven by this table, and
// test/user-data-policy.test.ts reads MikroORM's metadata so that a column added later without an
// entry here fails the build (GDPR articles 15, 17 and 20).
//
// The account row itself is the tombstone: it is anonymised in place (userRowPolicy below), so
// "keep" means the row stays, attributed to that anonymous `deleted-…` account.

/** What erasure does: the rows go; they stay (under the tombstone); the column is cleared; or it takes the tombstone's value. */
export type ErasureAction = 'delete' | 'keep' | 'null' | 'tombstone';

export interface UserColumnPolicy {
  onErase: ErasureAction;
  /** One line: why this is right for this column. */
  why: string;
  /** `delete` only for rows also matching this; the others stay (the why says why). */
  deleteOnly?: Record<string, unknown>;
  /** The column holds a user id only in rows matching this (a polymorphic owner). */
  scope?: Record<string, unknown>;
  /** What the column holds: the user's id (default), or the identity provider's subject. */
  holds?: 'id' | 'subject' | 'subjectHash' | 'idempotencyCaller';
  /** Properties left out of the export: secrets that are ours, not the person's. */
  exportOmits?: string[];
  /**
   * The only properties exported, for rows that are someone else's and refer to the person as the one
   * who acted on them (a moderator's review of another person's feedback or draft): the person's own
   * action is theirs to take along, the other person's words are not.
   */
  exportOnly?: string[];
}

/** Keyed `Entity.property` (MikroORM class and property names). */
export const userDataPolicy: Record<string, UserColumnPolicy> = {
  // Personal, private or health data: deleted.
  'SurveyAnswer.user': { onErase: 'delete', why: "Survey answers describe the person's skin and health." },
  'IngredientFeeling.user': {
    onErase: 'delete',
    why: "What suits one person's skin is personal, even when shown publicly.",
  },
  'ProductReaction.user': { onErase: 'delete', why: 'Reactions (breakouts, irritation) are health data.' },
  'ShelfItem.owner': {
    onErase: 'delete',
    why: 'What a person owns and uses, with what a prescriber told them, is personal and health data.',
  },
  'RoutinePlan.owner': {
    onErase: 'delete',
    why: "A plan's inputs carry pregnancy status, declared medicines and prescriptions; its page link goes with it.",
  },
  'RoutineSchedule.owner': {
    onErase: 'delete',
    why: 'Which nights the person follows each routine of an accepted plan: part of the plan, which goes too.',
  },
  'RoutineRequest.requester': {
    onErase: 'delete',
    why: 'A request carries a copy of the skin profile (pregnancy included); its answers go with it.',
  },
  'IngredientFeedback.user': {
    onErase: 'delete',
    why: "Feedback tells how the person's skin reacted; moderators have acted on it already.",
  },
  'ProductFavorite.user': {
    onErase: 'delete',
    why: 'A personal list; favourite counts are computed from what remains.',
  },
  'RoutineFavorite.user': {
    onErase: 'delete',
    why: 'A personal list shown under favorited_by; the score trigger takes it off the open contest week only, closed weeks keep their scores.',
  },
  'UserFollow.follower': { onErase: 'delete', why: 'Whom the person follows is their social graph.' },
  'UserFollow.followed': { onErase: 'delete', why: 'Nobody can follow an account that no longer exists.' },
  'ReformulationAlert.user': { onErase: 'delete', why: "Alerts are derived from the person's feelings and routines." },
  'ReformulationDigest.user': {
    onErase: 'delete',
    why: 'A record of e-mails sent to the person.',
    exportOmits: ['unsubscribeTokenHash'],
  },
  'ReformulationSettings.user': { onErase: 'delete', why: 'A setting of the account.' },
  'EmailToken.user': { onErase: 'delete', why: "Pending links to the person's addresses.", exportOmits: ['tokenHash'] },
  'UserInvite.inviter': {
    onErase: 'delete',
    why: 'Holds the address of someone the person invited; kept only as a record for the inviter.',
  },
  'UserThrottle.user': { onErase: 'delete', why: 'Rate-limit bookkeeping of the account.' },
  'StoredImage.ownerId': {
    onErase: 'delete',
    scope: { ownerKind: 'user' },
    why: "The profile picture is the person's likeness (its files go after commit).",
  },
  'IngredientOpinionEndorsement.user': {
    onErase: 'delete',
    why: "A vote like a favourite; the opinions' endorsement counts are recounted.",
  },
  'IdempotencyRecord.caller': {
    onErase: 'delete',
    holds: 'idempotencyCaller',
    why: "Kept answers to the person's own retried requests (24 h): they repeat what the person sent and got back.",
  },

  // Deleted while private or unfinished; kept once made public (a published contribution others rely on).
  'Routine.owner': {
    onErase: 'delete',
    deleteOnly: { status: 'private' },
    why:
      'Private routines are personal; published ones are public contributions (contests, favourites, expert ' +
      'answers).',
  },
  'ProductTutorial.author': {
    onErase: 'delete',
    deleteOnly: { status: 'draft' },
    why: "Drafts are unfinished and private; published tutorials are used in others' routines.",
  },
  'ProductDraft.author': {
    onErase: 'delete',
    deleteOnly: { status: { $ne: 'approved' } },
    why: 'A pending draft and its image go; an approved one became the product, which stays.',
  },
  'IngredientMatchProposal.proposer': {
    onErase: 'delete',
    deleteOnly: { status: 'pending' },
    why: 'Pending proposals go; reviewed ones are the record of why an ingredient has an other name.',
  },

  // Public contributions and records of what moderators did: kept under the tombstone.
  'IngredientOpinion.author': {
    onErase: 'keep',
    why: 'A published expert opinion, endorsed and quoted by others; shown as by a deleted account.',
  },
  'IngredientOpinionEntry.editor': { onErase: 'keep', why: 'The edit history of a kept opinion.' },
  'ProductPitch.author': { onErase: 'keep', why: "A brand's public pitch of its product, used in routines." },
  'ProductPitch.affiliateUser': {
    onErase: 'keep',
    why: 'Which account was credited for sales is an accounting record.',
    exportOnly: ['id', 'product', 'affiliateUser', 'affiliateAssignedAt'],
  },
  'Product.createdBy': {
    onErase: 'keep',
    why: 'The catalog keeps its products; the creator shows as a deleted account.',
  },
  'Product.brandAttestedBy': {
    onErase: 'keep',
    why: 'The record that the brand vouched for the list.',
    exportOnly: ['id', 'alias', 'name', 'brandAttestedBy', 'brandAttestedAt'],
  },
  'ProductListVersion.author': {
    onErase: 'keep',
    why: "The history of a product's label, which reformulation alerts refer to.",
  },
  'Brand.owner': {
    onErase: 'keep',
    why: 'A brand stays; an admin hands it to another brand user (transfer_ownership).',
  },
  'RoutineRequestAnswer.expert': { onErase: 'keep', why: "The answer belongs to the requester's conversation." },
  'IngredientAnalysis.owner': {
    onErase: 'keep',
    why: 'An analysis of a label (no personal data); its share links keep working.',
  },
  'ProductDraft.reviewer': {
    onErase: 'keep',
    why: 'The moderation record of an approved product.',
    exportOnly: ['id', 'status', 'product', 'reviewer', 'reviewedAt'],
  },
  'IngredientMatchProposal.reviewer': {
    onErase: 'keep',
    why: 'The moderation record of an accepted or rejected proposal.',
    exportOnly: ['id', 'ingredient', 'status', 'reviewer', 'reviewedAt'],
  },
  'IngredientFeedback.reviewedBy': {
    onErase: 'keep',
    why: "The moderation record of someone else's feedback.",
    exportOnly: ['id', 'ingredient', 'status', 'reviewedBy', 'reviewedAt', 'resolution', 'appliedChanges'],
  },
  'FeaturedItem.createdBy': { onErase: 'keep', why: 'The editorial record of the home page.' },

  // Kept, but no longer tied to the person.
  'ProductBuyClick.user': { onErase: 'null', why: 'Click counts for the shops stay; who clicked does not.' },
  'SharedComparison.owner': {
    onErase: 'null',
    why: 'Shared links keep working for those who got them, owned by nobody.',
  },

  // The identity provider's subject.
  'IdentityProviderEvent.subject': {
    onErase: 'tombstone',
    holds: 'subject',
    why: "Event ids are kept 24 h to refuse replays; the subject they were about becomes the tombstone's.",
  },
  'DeletedSubject.subjectHash': {
    onErase: 'keep',
    holds: 'subjectHash',
    why: 'A one-way hash of the subject: how old tokens are refused after deletion.',
  },
};

/** What erasure does to each property of the account row (the tombstone). */
export type UserRowRule =
  | { onErase: 'keep'; why: string }
  | { onErase: 'set'; to: (tombstone: Tombstone) => unknown; why: string };

export interface Tombstone {
  id: string;
  subject: string;
  username: string;
  now: Date;
}

const cleared = (why: string, value: unknown = null): UserRowRule => ({ onErase: 'set', to: () => value, why });

export const userRowPolicy: Record<string, UserRowRule> = {
  id: { onErase: 'keep', why: 'Kept contributions point at it.' },
  createdAt: { onErase: 'keep', why: 'When the account began says nothing about the person.' },
  updatedAt: { onErase: 'set', to: (t) => t.now, why: 'It changed now.' },
  subject: {
    onErase: 'set',
    to: (t) => t.subject,
    why: 'A random `deleted:` subject; the old one is only kept hashed (DeletedSubject).',
  },
  username: {
    onErase: 'set',
    to: (t) => t.username,
    why: '`deleted-` and a piece of the id: contributions show as by a deleted account.',
  },
  userType: { onErase: 'keep', why: "Whether kept opinions were an expert's matters to their readers." },
  displayName: cleared('A name.'),
  email: cleared('An address.'),
  emailVerifiedAt: cleared('About the address.'),
  bio: cleared('Free text about the person.', ''),
  country: cleared('Where the person lives.'),
  skinProfile: cleared('Skin type, concerns, pregnancy: health data.'),
  supergroups: cleared('Interest groups (acne, pregnancy-safe…) reveal health.', []),
  intakeDecision: cleared('An answer of the person.', 'undecided'),
  intakeDecidedAt: cleared('When they answered.'),
  deletedAt: { onErase: 'set', to: (t) => t.now, why: 'Marks the tombstone.' },
};

/** A property as the metadata check sees it (a slice of MikroORM's EntityProperty). */
export interface PropertyShape {
  name: string;
  kind: string;
  type?: string;
  targetMeta?: { className: string };
}

/** Scalar columns that hold a person's id or subject, recognised by name. */
const USER_ID_NAME =
  /(user|owner|author|editor|reviewer|creator|requester|follower|followed|inviter|proposer|expert|member|affiliate)Id$|^subject(Hash)?$/i;

/**
 * The `Entity.property` keys of every property that refers to a person: a many-to-one or
 * one-to-one to User, a scalar named like a user id or subject, or a scalar the policy lists.
 * The User entity's own columns are userRowPolicy's.
 */
export function userColumns(
  entities: Iterable<{ className: string; properties: Record<string, PropertyShape> }>,
): string[] {
  const keys: string[] = [];
  for (const meta of entities) {
    if (meta.className === 'User') continue;
    for (const property of Object.values(meta.properties)) {
      const key = `${meta.className}.${property.name}`;
      const toUser =
        (property.kind === 'm:1' || property.kind === '1:1') &&
        (property.targetMeta?.className ?? property.type) === 'User';
      const named = property.kind === 'scalar' && USER_ID_NAME.test(property.name);
      if (toUser || named || key in userDataPolicy) keys.push(key);
    }
  }
  return keys;
}

/** Policy entries as [entity, property, policy]. */
export const policyEntries = (): Array<[string, string, UserColumnPolicy]> =>
  Object.entries(userDataPolicy).map(([key, policy]) => {
    const [entity, property] = key.split('.');
    return [entity, property, policy];
  });
