// Where an offer may send people: a public http(s) address (src/modules/shared/public-host.ts).
// Checked when an offer is written (GraphQL, REST, the feed import) and again before a redirect.
import { hostProblem } from '../shared/public-host.js';

/**
 * Why a URL may not be an offer's (a sentence naming the problem), or null when it may: an
 * http(s) URL without credentials whose host is a public name or address.
 */
export function offerUrlProblem(url: URL): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `its scheme is ${url.protocol.replace(/:$/, '')}, not http(s)`;
  if (url.username || url.password) return 'it holds a user name or password';
  return hostProblem(url);
}

/** True when a stored offer URL may be redirected to. */
export function isPublicOfferUrl(raw: string): boolean {
  try {
    return offerUrlProblem(new URL(raw)) === null;
  } catch {
    return false;
  }
}
