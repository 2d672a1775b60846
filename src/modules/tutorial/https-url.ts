import { validationFailed } from '../../errors.js';
import { hostProblem } from '../shared/public-host.js';

export const MAX_URL_LENGTH = 2000;

/** An absolute https URL with a public host, normalised by the URL parser; else a 400 naming the field. */
export function checkedHttpsUrl(field: string, text: string): string {
  const trimmed = text.trim();
  let url: URL | null = null;
  try {
    url = trimmed.length <= MAX_URL_LENGTH ? new URL(trimmed) : null;
  } catch {
    url = null;
  }
  if (url?.protocol !== 'https:' || !url.hostname || url.username || url.password) {
    throw validationFailed(
      field,
      `${field} must be an https URL (at most ${MAX_URL_LENGTH} characters, no credentials)`,
    );
  }
  // Shown to people as a link: never one to their own machine or network.
  const problem = hostProblem(url);
  if (problem) throw validationFailed(field, `${field} must name a public site: ${problem}`);
  return url.toString();
}
