// Fixtures of the routes whose operations live in rest-mappings/identity-provider.graphql.
import { createHmac } from 'node:crypto';
import type { FixtureTable } from './base.js';

export const identityProviderFixtures: FixtureTable = {
  // Identity-provider hook: a fresh, signed user.updated event (creates the subject's user).
  'POST /identity_provider': async ({ t, unique }) => {
    const u = unique();
    const secret = t.config.auth.idpWebhookSecret;
    return {
      params: {},
      body: {
        id: `evt-fixture-${u}`,
        type: 'user.updated',
        timestamp: new Date().toISOString(),
        user: { subject: `fixture-idp|${u}`, email: `idp-${u}@example.com`, email_verified: true, name: `Idp ${u}` },
      },
      sign: (text: string) => ({ 'x-signature': createHmac('sha256', secret).update(text, 'utf8').digest('hex') }),
    };
  },
};
