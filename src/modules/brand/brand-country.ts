// A brand's country, as written (PATCH /brands) and as filtered on (GET /brands?country=): one
// check for both, so a code the write refuses is refused by the filter too, not an empty list.
import countries from 'i18n-iso-countries';
import { validationFailed } from '../../errors.js';

/** The ISO 3166-1 alpha-2 code in capitals; VALIDATION_FAILED naming `country` otherwise. */
export function brandCountry(value: string): string {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || !countries.isValid(code))
    throw validationFailed('country', `country must be an ISO 3166-1 alpha-2 code (e.g. FR, KR, US), not "${value}"`);
  return code;
}
