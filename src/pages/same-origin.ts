// The paste form's POST is refused when a page of another site sent it (issue 37: a hostile page could make every
// visitor's browser post an analysis, and its text, in their name). Browsers say where a request comes from:
// `Sec-Fetch-Site` (cross-site, same-site, same-origin, none) and `Origin`. A request saying neither (curl, a
// script) is no browser sent by another site, and is served.

export interface PostOrigin {
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** The origins that are this service: its public URL's, and the one the browser addressed (scheme + Host). */
  own: string[];
}

/** Why the post is refused, or null when it comes from this service's own pages (or from no browser). */
export function crossSiteRefusal({ secFetchSite, origin, own }: PostOrigin): string | null {
  const site = secFetchSite?.toLowerCase();
  if (site === 'cross-site')
    return 'This form only accepts posts from its own page (the request came from another site).';
  // The browser says the page is this one (or the person typed the address). Its `Origin` is then "null" under
  // our `Referrer-Policy: no-referrer`, as Chromium sends it: the fetch metadata is the word that counts.
  if (site === 'same-origin' || site === 'none') return null;
  // A same-site page (another subdomain) is not this service either: only its own origin may post.
  if (origin !== undefined && !own.includes(origin))
    return `This form only accepts posts from its own page (the request came from ${origin === 'null' ? 'a page without an origin' : origin}).`;
  if (site === 'same-site' && origin === undefined)
    return 'This form only accepts posts from its own page (the request came from another page of the site).';
  return null;
}
