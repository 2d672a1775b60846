import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { NoTransaction } from '../shared/transactional.js';
import { IdentityProviderReceipt, receiveEvent } from './idp.service.js';

@Resolver()
export class IdentityProviderResolver {
  // Mutations
  /**
   * No @Authorized: the provider signs its calls instead (HMAC-SHA256 under IDP_WEBHOOK_SECRET).
   */
  @NoTransaction(
    'the service checks the signature before it opens its transaction, so an unsigned call is a 401 even while the ' +
      'database is down',
  )
  @Mutation(() => IdentityProviderReceipt, {
    description:
      'Applies an identity-provider user event; `payload` is the exact body that was signed, `signature` its hex ' +
      'HMAC-SHA256.',
  })
  receiveIdentityProviderEvent(
    @Arg('payload') payload: string,
    @Arg('signature', () => String, { nullable: true }) signature: string | null,
    @Ctx() ctx: Context,
  ) {
    return receiveEvent(ctx, payload, signature);
  }
}
