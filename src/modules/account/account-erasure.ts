// What deleting an account removes (a signed `user.deleted` event of the identity provider).
// Personal and private data goes; public contributions (published routines, products, brands,
// opinions, tutorials, pitches, reviewed proposals) stay, attributed to a placeholder username.
// Everything runs on the caller's transaction; image files go once it has committed.
import type { EntityManager } from '../../db.js';
import { ProductBuyClick } from '../buy/buy-click.entity.js';
import { SharedComparison } from '../compare/shared-comparison.entity.js';
import { ProductDraft, ProductDraftStatus } from '../draft/product-draft.entity.js';
import { ProductFavorite } from '../favorite/product-favorite.entity.js';
import { ReformulationAlert, ReformulationDigest, ReformulationSettings } from '../reformulation/reformulation-alert.entity.js';
import { IngredientFeeling } from '../feeling/ingredient-feeling.entity.js';
import { UserFollow } from '../following/user-follow.entity.js';
import { ImageOwnerKind, StoredImage } from '../image/image.entity.js';
import { IngredientMatchProposal, ProposalStatus } from '../analysis/match-proposal.entity.js';
import { IngredientFeedback } from '../ingredient/ingredient-feedback.entity.js';
import { RoutineRequest } from '../routine/routine-request.entity.js';
import { Routine, RoutineStatus } from '../routine/routine.entity.js';
import { newId } from '../shared/ids.js';
import { SurveyAnswer } from '../survey/survey-answer.entity.js';
import { ProductTutorial, ProductTutorialStatus } from '../tutorial/product-tutorial.entity.js';
import { rememberDeletedSubject } from '../user/deleted-subject.js';
import { EmailToken } from '../user/email-token.entity.js';
import { UserInvite } from '../user/user-invite.entity.js';
import { UserThrottle } from '../user/user-throttle.entity.js';
import { IntakeDecision, type User } from '../user/user.entity.js';
import { ProductReaction } from '../reaction/product-reaction.entity.js';

/** Deletes and anonymises a user's data; returns the keys of image files to remove after commit. */
export async function eraseAccount(em: EntityManager, user: User): Promise<string[]> {
  const now = new Date();
  const id = user.id;
  // Private or personal: deleted.
  const owned: Array<[unknown, Record<string, unknown>]> = [
    [SurveyAnswer, { user: id }], [EmailToken, { user: id }], [UserInvite, { inviter: id }], [UserThrottle, { user: id }],
    [IngredientFeeling, { user: id }], [UserFollow, { follower: id }], [UserFollow, { followed: id }],
    [ProductFavorite, { user: id }], [IngredientFeedback, { user: id }], [RoutineRequest, { requester: id }],
    [Routine, { owner: id, status: RoutineStatus.private }], [ProductTutorial, { author: id, status: ProductTutorialStatus.draft }],
    [IngredientMatchProposal, { proposer: id, status: ProposalStatus.pending }],
    // Reformulation watch (issue 18): alerts, digests sent and settings are personal.
    [ReformulationAlert, { user: id }], [ReformulationDigest, { user: id }], [ReformulationSettings, { user: id }],
    [ProductReaction, { user: id }],
  ];
  // Drafts not approved (an approved one became the product, which stays) and their images.
  const drafts = await em.find(ProductDraft, { author: id, status: { $ne: ProductDraftStatus.approved } }, { fields: ['id'] });
  const images = await em.find(StoredImage, {
    $or: [{ ownerKind: ImageOwnerKind.user, ownerId: id }, ...(drafts.length ? [{ ownerKind: ImageOwnerKind.draft, ownerId: { $in: drafts.map((d) => d.id) } }] : [])],
  });
  if (images.length) await em.nativeDelete(StoredImage, { id: { $in: images.map((i) => i.id) } });
  if (drafts.length) owned.push([ProductDraft, { id: { $in: drafts.map((d) => d.id) } }]);
  for (const [entity, where] of owned) await em.nativeDelete(entity as never, where as never);
  // Kept but no longer tied to the person: buy clicks, shared comparisons. (Analyses stay, as
  // public contributions do, under the placeholder: their share links keep working.)
  await em.nativeUpdate(ProductBuyClick, { user: id } as never, { user: null } as never);
  await em.nativeUpdate(SharedComparison, { owner: id } as never, { owner: null } as never);
  // The person's old tokens must not bring the account back.
  await rememberDeletedSubject(em, user.subject);
  Object.assign(user, {
    subject: `deleted:${newId()}`, username: `deleted-${id.replace(/-/g, '').slice(-12)}`, displayName: null, email: null, emailVerifiedAt: null,
    bio: '', country: null, skinProfile: null, supergroups: [], intakeDecision: IntakeDecision.undecided, intakeDecidedAt: null, deletedAt: now, updatedAt: now,
  });
  await em.flush();
  return images.map((i) => i.key);
}
