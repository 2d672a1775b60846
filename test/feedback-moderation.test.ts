import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
let author: string;
let moderator: string;
beforeAll(async () => {
  t = await startTestApp();
  author = await t.tokenFor('fb-author');
  moderator = await t.tokenFor('fb-moderator', 'moderator');
});
afterAll(async () => {
  await t?.close();
});

const gql = (query: string, token?: string, variables?: object) =>
  t.inject({ method: 'POST', url: '/graphql', token, payload: { query, variables } });
const submit = async (ingredient: string, message: string, kind = 'correction') => {
  const response = await t.inject({
    method: 'POST',
    url: `/ingredients/${ingredient}/submit_feedback`,
    token: author,
    payload: { kind, message },
  });
  expect(response.statusCode).toBe(201);
  expect(response.json()).toMatchObject({ status: 'open' });
  return response.json() as { id: string };
};
const queue = `query($status: FeedbackStatus) { ingredientFeedbackQueue(status: $status, limit: 50) { items { id kind message status author { username } ingredient { alias } } } }`;
const accept = `mutation($id: ID!, $c: IngredientCorrectionInput!, $note: String) { acceptIngredientFeedback(id: $id, correction: $c, note: $note) { status resolution reviewedAt reviewedBy { username } appliedChanges { field from to } } }`;
const dismiss = `mutation($id: ID!, $reason: String!) { dismissIngredientFeedback(id: $id, reason: $reason) { status resolution } }`;
type Mine = {
  items: Array<{
    id: string;
    status: string;
    resolution: string | null;
    reviewed_at: string | null;
    applied_changes: Array<{ field: string; from: string; to: string }>;
  }>;
};

describe('ingredient feedback moderation', () => {
  it('shows moderators the open queue, oldest first; nobody else', async () => {
    const first = await submit('glycerin', 'Glycerin is also sold as "Glycerol" on labels.');
    const second = await submit('niacinamide', 'Made me break out.', 'breakout');
    const openResponse = (await gql(queue, moderator)).json();
    expect(openResponse.errors).toBeUndefined();
    const open = openResponse.data.ingredientFeedbackQueue.items as Array<{ id: string; author: { username: string } }>;
    const ids = open.map((f) => f.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(open.find((f) => f.id === first.id)).toMatchObject({
      kind: 'correction',
      status: 'open',
      author: { username: 'fb-author' },
      ingredient: { alias: 'glycerin' },
    });
    expect((await gql(queue, author)).json().errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gql(queue)).json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('accepts a correction, applying it to the ingredient in the same transaction; the author sees the outcome', async () => {
    const fb = await submit('glycerin', 'Please add the name Glycerine (British spelling).');
    const accepted = (
      await gql(accept, moderator, { id: fb.id, c: { addOtherNames: ['Glycerine Anhydrous'] }, note: 'Added, thanks.' })
    ).json();
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data.acceptIngredientFeedback).toMatchObject({
      status: 'accepted',
      resolution: 'Added, thanks.',
      reviewedBy: { username: 'fb-moderator' },
      appliedChanges: [{ field: 'otherNames' }],
    });
    const ingredient = (await t.inject({ method: 'GET', url: '/ingredients/glycerin' })).json() as {
      other_names: string[];
    };
    expect(ingredient.other_names).toContain('Glycerine Anhydrous');
    // The analysis matches the new name at once (the in-memory knowledge base was dropped).
    const analysis = (
      await t.inject({
        method: 'POST',
        url: '/analyze/ingredient_list',
        payload: { ingredient_list: 'Aqua, Glycerine Anhydrous' },
      })
    ).json() as { ingredients: Array<{ ingredient: { alias: string } | null }> };
    expect(analysis.ingredients[1].ingredient?.alias).toBe('glycerin');
    const mine = (await t.inject({ method: 'GET', url: '/my/ingredient_feedback', token: author })).json() as Mine;
    expect(mine.items.find((f) => f.id === fb.id)).toMatchObject({
      status: 'accepted',
      resolution: 'Added, thanks.',
      reviewed_at: expect.any(String),
      applied_changes: [{ field: 'otherNames', to: expect.stringContaining('Glycerine Anhydrous') }],
    });
    // Acting twice is a conflict.
    expect((await gql(dismiss, moderator, { id: fb.id, reason: 'Again?' })).json().errors[0].extensions.code).toBe(
      'CONFLICT',
    );
  });

  it('dismisses with a reason the author reads', async () => {
    const fb = await submit('niacinamide', 'Niacinamide is a silicone.');
    const dismissed = (
      await gql(dismiss, moderator, { id: fb.id, reason: 'Niacinamide is vitamin B3, not a silicone.' })
    ).json();
    expect(dismissed.data.dismissIngredientFeedback).toEqual({
      status: 'dismissed',
      resolution: 'Niacinamide is vitamin B3, not a silicone.',
    });
    const mine = (
      await t.inject({ method: 'GET', url: '/my/ingredient_feedback/niacinamide', token: author })
    ).json() as Mine;
    expect(mine.items.find((f) => f.id === fb.id)).toMatchObject({
      status: 'dismissed',
      resolution: expect.stringMatching(/vitamin B3/),
    });
    const dismissedQueue = (await gql(queue, moderator, { status: 'dismissed' })).json().data.ingredientFeedbackQueue
      .items as Array<{ id: string }>;
    expect(dismissedQueue.map((f) => f.id)).toContain(fb.id);
  });

  it('rejects bad corrections and reasons, changing neither the ingredient nor the feedback', async () => {
    const fb = await submit('niacinamide', 'Flags look wrong to me.');
    const before = (await t.inject({ method: 'GET', url: '/ingredients/niacinamide' })).body;
    const cases: Array<[object, string]> = [
      [{ flags: ['not-a-flag'] }, 'correction.flags'],
      [{ functions: [] }, 'correction.functions'],
      [{ comedogenic: 9 }, 'correction.comedogenic'],
      // A rating cites a published source; "community" tables are not one.
      [{ comedogenic: 2, ratingSource: 'community' }, 'correction.rating_source'],
      [{ irritancy: 1 }, 'correction.rating_source'],
      [{ removeOtherNames: ['Never Was A Name'] }, 'correction.remove_other_names'],
      [{}, 'correction'],
    ];
    for (const [c, field] of cases) {
      const error = (await gql(accept, moderator, { id: fb.id, c })).json().errors[0];
      expect(error.extensions).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
    // A name that belongs to another ingredient is a conflict; the valid half of the correction is not kept.
    const taken = (
      await gql(accept, moderator, { id: fb.id, c: { description: 'Changed?', addOtherNames: ['Glycerin'] } })
    ).json().errors[0];
    expect(taken.extensions.code).toBe('CONFLICT');
    expect((await gql(dismiss, moderator, { id: fb.id, reason: ' ' })).json().errors[0].extensions).toMatchObject({
      details: { field: 'reason' },
    });
    expect((await t.inject({ method: 'GET', url: '/ingredients/niacinamide' })).body).toBe(before);
    const [{ status }] = await t
      .em()
      .getConnection()
      .execute('select status from ingredient_feedback where id = ?', [fb.id]);
    expect(status).toBe('open');
    expect((await gql(accept, author, { id: fb.id, c: { description: 'x' } })).json().errors[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    expect((await gql(dismiss, moderator, { id: 'nope', reason: 'Unknown' })).json().errors[0].extensions.code).toBe(
      'NOT_FOUND',
    );
  });
});
