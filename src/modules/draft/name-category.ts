// Pure: the category a product's own name states ("Soothing Toner" → toners). Labels name the
// product type in plain words; the most specific phrase found wins (longest match).

/** Phrases (whole words, lower case; a trailing * matches any ending) → category alias. */
const PHRASES: Array<[string, string]> = [
  ['cleansing oil', 'cleansing-oils'],
  ['cleansing cream', 'cream-cleansers'],
  ['cleansing balm', 'cleansing-balms'],
  ['micellar*', 'micellar-water'],
  ['foaming cleanser', 'foaming-cleansers'],
  ['foam cleanser', 'foaming-cleansers'],
  ['foaming wash', 'foaming-cleansers'],
  ['foaming face wash', 'foaming-cleansers'],
  ['cleansing foam', 'foaming-cleansers'],
  ['gel foam', 'foaming-cleansers'],
  ['gel cleanser', 'gel-cleansers'],
  ['cleansing gel', 'gel-cleansers'],
  ['cream cleanser', 'cream-cleansers'],
  ['milk cleanser', 'cream-cleansers'],
  ['cleansing milk', 'cream-cleansers'],
  ['hydrating cleanser', 'cream-cleansers'],
  ['cleanser', 'cleansers'],
  ['face wash', 'cleansers'],
  ['facial wash', 'cleansers'],
  ['toner', 'toners'],
  ['tonic', 'toners'],
  ['toning lotion', 'toners'],
  ['essence', 'essences'],
  ['face mist', 'face-mists'],
  ['facial mist', 'face-mists'],
  ['mist', 'face-mists'],
  ['exfoliating pad*', 'exfoliating-pads'],
  ['toner pad*', 'exfoliating-pads'],
  ['peel pad*', 'exfoliating-pads'],
  ['pads', 'exfoliating-pads'],
  ['scrub', 'scrubs'],
  ['exfoliant', 'chemical-exfoliants'],
  ['exfoliator', 'chemical-exfoliants'],
  ['liquid exfoliant', 'chemical-exfoliants'],
  ['peel', 'chemical-exfoliants'],
  ['peeling solution', 'chemical-exfoliants'],
  ['serum', 'serums'],
  ['ampoule', 'ampoules'],
  ['ampule', 'ampoules'],
  ['booster', 'serums'],
  ['concentrate', 'serums'],
  ['spot treatment', 'spot-treatments'],
  ['spot cream', 'spot-treatments'],
  ['drying lotion', 'spot-treatments'],
  ['spot gel', 'spot-treatments'],
  ['spot corrector', 'spot-treatments'],
  ['pimple patch*', 'spot-treatments'],
  ['acne patch*', 'spot-treatments'],
  ['retinol serum', 'retinoid-treatments'],
  ['retinol cream', 'retinoid-treatments'],
  ['retinal serum', 'retinoid-treatments'],
  ['retinoid', 'retinoid-treatments'],
  ['sheet mask', 'sheet-masks'],
  ['clay mask', 'clay-masks'],
  ['mud mask', 'clay-masks'],
  ['sleeping mask', 'sleeping-masks'],
  ['sleeping pack', 'sleeping-masks'],
  ['overnight mask', 'sleeping-masks'],
  ['wash off mask', 'wash-off-masks'],
  ['rinse off mask', 'wash-off-masks'],
  ['mask', 'masks'],
  ['masque', 'masks'],
  ['eye cream', 'eye-creams'],
  ['eye balm', 'eye-creams'],
  ['eye serum', 'eye-serums'],
  ['eye patch*', 'eye-patches'],
  ['eye gel patch*', 'eye-patches'],
  ['gel cream', 'gel-moisturisers'],
  ['gel moisturi*', 'gel-moisturisers'],
  ['water gel', 'gel-moisturisers'],
  ['water cream', 'gel-moisturisers'],
  ['moisturi*', 'moisturisers'],
  ['lotion', 'moisturisers'],
  ['emulsion', 'moisturisers'],
  ['cream', 'creams'],
  ['creme', 'creams'],
  ['face oil', 'face-oils'],
  ['facial oil', 'face-oils'],
  ['balm', 'balms'],
  ['sunscreen', 'sun-protection'],
  ['sun cream', 'sun-protection'],
  ['sun fluid', 'sun-protection'],
  ['sun milk', 'sun-protection'],
  ['sun gel', 'sun-protection'],
  ['sun serum', 'sun-protection'],
  ['mineral sunscreen', 'mineral-sunscreens'],
  ['mineral spf', 'mineral-sunscreens'],
  ['mineral sun*', 'mineral-sunscreens'],
  ['chemical sunscreen', 'chemical-sunscreens'],
  ['body lotion', 'body-lotions'],
  ['body cream', 'body-lotions'],
  ['body milk', 'body-lotions'],
  ['body wash', 'body-washes'],
  ['shower gel', 'body-washes'],
  ['shower cream', 'body-washes'],
  ['body oil', 'body-oils'],
  ['hand cream', 'hand-creams'],
  ['hand balm', 'hand-creams'],
  ['body sunscreen', 'body-sunscreens'],
  ['body spf', 'body-sunscreens'],
  ['lip balm', 'lip-balms'],
  ['lip mask', 'lip-masks'],
  ['lip sleeping mask', 'lip-masks'],
  ['lipstick', 'lipsticks'],
  ['foundation', 'foundations'],
  ['tinted moisturi*', 'tinted-moisturisers'],
  ['skin tint', 'tinted-moisturisers'],
  ['bb cream', 'tinted-moisturisers'],
  ['cc cream', 'tinted-moisturisers'],
  ['concealer', 'concealers'],
  ['primer', 'primers'],
];

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

const COMPILED = PHRASES.map(([phrase, alias]) => ({ parts: phrase.split(' '), alias, length: phrase.length }));

function matchesAt(name: string[], at: number, parts: string[]): boolean {
  return parts.every((part, i) => {
    const word = name[at + i];
    if (word === undefined) return false;
    return part.endsWith('*') ? word.startsWith(part.slice(0, -1)) : word === part || word === `${part}s`;
  });
}

/**
 * Words anywhere in the name that narrow the head noun's category ("Peptide Eye Renewal Cream",
 * "Pink Clay Purifying Mask", "Retinol Night Cream"): [words, categories it narrows, narrower category].
 */
const NARROWERS: Array<[string[], string[], string]> = [
  [['eye', 'eyes'], ['creams', 'balms', 'moisturisers', 'gel-moisturisers'], 'eye-creams'],
  [['eye', 'eyes'], ['serums', 'ampoules', 'essences'], 'eye-serums'],
  [['eye', 'eyes'], ['masks', 'sheet-masks', 'exfoliating-pads'], 'eye-patches'],
  [
    ['retinol', 'retinal', 'retinoid', 'retinoate', 'retinyl', 'retinaldehyde', 'tretinoin', 'adapalene'],
    ['serums', 'creams', 'moisturisers', 'ampoules', 'face-oils', 'balms'],
    'retinoid-treatments',
  ],
  [['clay', 'kaolin', 'bentonite', 'charcoal', 'mud', 'earth', 'volcanic'], ['masks'], 'clay-masks'],
  [['overnight', 'sleeping', 'night'], ['masks'], 'sleeping-masks'],
  [['sheet', 'hydrogel', 'cellulose', 'biocellulose'], ['masks'], 'sheet-masks'],
  [['enzyme', 'peel', 'peeling', 'glycolic'], ['masks'], 'wash-off-masks'],
  [
    ['glycolic', 'lactic', 'mandelic', 'aha', 'pha', 'exfoliating', 'peeling'],
    ['toners', 'serums', 'moisturisers'],
    'chemical-exfoliants',
  ],
  [['spot', 'blemish', 'pimple'], ['creams', 'moisturisers', 'balms'], 'spot-treatments'],
  [['cleansing'], ['creams', 'moisturisers'], 'cream-cleansers'],
  [['body'], ['moisturisers', 'creams', 'balms'], 'body-lotions'],
  [['body'], ['face-oils'], 'body-oils'],
  [['body'], ['cleansers', 'gel-cleansers', 'foaming-cleansers'], 'body-washes'],
  [['body'], ['sun-protection'], 'body-sunscreens'],
  [['hand', 'hands'], ['creams', 'moisturisers', 'balms'], 'hand-creams'],
  [['lip', 'lips'], ['balms', 'masks', 'sleeping-masks'], 'lip-balms'],
  [['mineral', 'zinc'], ['sun-protection'], 'mineral-sunscreens'],
];

/**
 * The category alias the name states, with the phrase that said so; null when it names no product
 * type. The head noun is the last product-type phrase (English names end with it: "Cleansing
 * Cream Mask" is a mask), the longest one ending there; words elsewhere may narrow it.
 */
export function categoryFromName(name: string): { alias: string; phrase: string } | null {
  const tokens = words(name);
  let best: { alias: string; phrase: string; end: number; length: number } | null = null;
  for (const entry of COMPILED) {
    for (let at = 0; at + entry.parts.length <= tokens.length; at++) {
      const end = at + entry.parts.length;
      if (
        matchesAt(tokens, at, entry.parts) &&
        (!best || end > best.end || (end === best.end && entry.length > best.length))
      ) {
        best = { alias: entry.alias, phrase: tokens.slice(at, end).join(' '), end, length: entry.length };
      }
    }
  }
  // "SPF 30" qualifies a product type named before it (a lip balm, a foundation); alone it names a sunscreen.
  if (!best) return tokens.includes('spf') ? { alias: 'sun-protection', phrase: 'spf' } : null;
  const present = new Set(tokens);
  const narrower = NARROWERS.find(([w, from]) => from.includes(best.alias) && w.some((x) => present.has(x)));
  return { alias: narrower ? narrower[2] : best.alias, phrase: best.phrase };
}
