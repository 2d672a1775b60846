// How a heading, a product name or a retailer's category says a product is used, in the words and spellings
// retailers use (English, French, German, Spanish, Italian, some Korean, Japanese and Chinese). Pure.
// Three tiers, the first that says something wins:
//   1. the use itself: "rinse-off", "wash-off", "peel-off", "leave-on", "leave-in", "no-rinse", "overnight";
//   2. what the product is: a cleanser, a wash, a shampoo, a scrub, a clay mask; a serum, a toner, a sunscreen,
//      a sleeping or sheet mask, a micellar water;
//   3. a texture that on its own means a product left on: cream, lotion, balm, fluid, emulsion.
// So "Cream Cleanser" and "Cleansing Balm" rinse off (what it is outweighs its texture); "Rose Cream Mask" says
// nothing (cream masks are left on, or rinsed or tissued off) and the list decides. Two readings in the same tier ("2-in-1 Cleanser &
// Toner") say nothing: the product is used both ways.
//
// Micellar and cleansing waters are read as leave-on: they are wiped over the skin with a cotton pad and
// not rinsed, so what they carry stays on the skin, as with a wet wipe (which EU practice treats as
// leave-on); the leave-on limits are also the stricter reading. Cleansing milks, creams, oils and balms are
// removed after use, by water or a tissue: rinse-off.
import { isSpace, trimEdges } from '../../shared/engine/text-edges.js';

/** As ListProductType of product-type.ts, which imports this file. */
type ListProductType = 'leave_on' | 'rinse_off' | 'unknown';

/** Lower case, accents and hyphens away: "Démaquillant" and "demaquillant", "Wash-off" and "wash off" alike. */
export function normaliseHeading(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      // Hangul decomposes into jamo under NFD: put the syllables back together.
      .normalize('NFC')
      .toLowerCase()
      .replace(/[-_/]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

interface Tier {
  rinse: RegExp;
  leave: RegExp;
}

const TIERS: Tier[] = [
  {
    rinse:
      /\b(?:rinse off|wash off|peel off|a rincer|abwaschbar|zum abspulen|abspulen|aclarar|enjuagar|da risciacquare)\b/,
    leave:
      /\b(?:leave on|leave in|no rinse|rinse free|without rinsing|sans rincage|ohne abspulen|sin aclarado|senza risciacquo|overnight|sleeping)\b/,
  },
  {
    rinse: new RegExp(
      [
        // English
        '\\bcleansers?\\b',
        '\\bcleansing (?:gel|foam|milk|oil|balm|cream|lotion|bar|powder|stick|mousse|jelly|sherbet)s?\\b',
        '\\b(?:face|facial|body|hand|hair|intimate)?wash(?:es)?\\b',
        '\\bwash (?:gel|cream|foam)\\b',
        '\\b(?:make ?up|eye make ?up) remov(?:er|ing) (?:milk|oil|balm|cream|gel|foam)s?\\b',
        '\\bfoaming\\b',
        '\\bshower\\b',
        '\\bbath (?:gel|foam|oil|milk|soak)s?\\b',
        '\\bbubble bath\\b',
        '\\bshampoos?\\b',
        '\\bsoaps?\\b',
        '\\bscrubs?\\b',
        '(?<!\\bnail )\\bpolish\\b',
        '\\bpeeling gel\\b',
        '\\benzyme (?:peel|powder)\\b',
        '\\b(?:clay|mud|charcoal) masks?\\b',
        // Masks named for what they draw out or take off are clay, foam or exfoliating masks, rinsed off.
        '\\b(?:purifying|detox(?:ifying)?|deep cleansing|pore (?:refining|minimi[sz]ing|cleansing)|exfoliating|bubble|foam) masks?\\b',
        // Acid and enzyme peels are timed and rinsed off (or neutralised); peel pads stay on (tier 2, leave).
        '\\b(?:chemical|acid|aha|bha|pha|glycolic|lactic|mandelic|salicylic|fruit|enzymatic|facial|express|at home) peels?\\b',
        '\\bpeeling solution\\b',
        // French
        '(?<!\\b(?:eau|lotion) )\\bnettoyante?s?\\b',
        '\\b(?:lait|huile|baume|creme|gel|mousse) demaquillante?s?\\b',
        '\\bgel douche\\b',
        '\\bcreme (?:lavante|douche)\\b',
        '\\bsavons?\\b',
        '\\bgommages?\\b',
        '\\bmasque (?:a l )?argile\\b',
        // German
        '\\breinigungs?(?:gel|milch|ol|schaum|balsam|creme)\\b',
        '\\b(?:gesichts)?reinigung\\b',
        '\\bwaschgel\\b',
        '\\b(?:dusch|bade)(?:gel|creme|ol|schaum)\\b',
        '\\bseife\\b',
        '\\bpeeling\\b(?! (?:pads?|solution|serum|toner|lotion)\\b)',
        // Spanish, Italian, Portuguese
        '\\blimpiadora?\\b',
        '\\bgel de (?:ducha|bano)\\b',
        '\\bdetergente\\b',
        '\\b(?:latte|olio|balsamo|crema|gel) struccante\\b',
        '\\bbagnoschiuma\\b',
        '\\bsabonete\\b',
        // Korean, Japanese, Chinese: cleansing, face wash, cleanser
        '클렌징',
        '클렌저',
        '洗顔',
        'クレンジング',
        '洗面',
        '洁面',
        '沐浴',
      ].join('|'),
    ),
    leave: new RegExp(
      [
        '\\bmicellar(?: cleansing)? (?:water|toner|lotion)s?\\b',
        '\\bcleansing water\\b',
        '\\b(?:eau|lotion) micellaire\\b',
        '\\beau (?:demaquillante|nettoyante)\\b',
        '\\blotion nettoyante\\b',
        '\\breinigungswasser\\b',
        '\\bmizellen ?wasser\\b',
        '\\bagua micelar\\b',
        '\\bacqua (?:micellare|struccante)\\b',
        '\\bserums?\\b',
        '\\bessences?\\b',
        '\\bampoules?\\b',
        '\\btoners?\\b',
        '\\btonique\\b',
        '\\bgesichtswasser\\b',
        '\\btonico\\b',
        '\\bmists?\\b',
        '\\bbrume\\b',
        '\\bmoisturi[sz]ers?\\b',
        '\\bfeuchtigkeitscreme\\b',
        '\\b(?:day|night|eye|hand|foot|body|face|neck|barrier|repair) (?:cream|lotion|balm|oil|butter)s?\\b',
        '\\bcreme (?:de jour|de nuit|mains|pour les mains|visage|corps)\\b',
        '\\b(?:tages|nacht|hand|augen|gesichts)creme\\b',
        '\\bsunscreens?\\b',
        '\\bsun (?:cream|lotion|screen|fluid|milk|stick|spray)\\b',
        '\\bspf ?\\d*\\b',
        '\\bsonnen(?:creme|schutz|milch)\\b',
        '\\b(?:ecran|protection|creme) solaire\\b',
        '\\bprotector solar\\b',
        '\\bsheet masks?\\b',
        '\\bsleeping (?:masks?|packs?)\\b',
        '\\b(?:masque|maske|mascarilla) (?:de nuit|tissu|en tissu|nacht)\\b',
        '\\bfacial oil\\b',
        '\\bdry oil\\b',
        '\\bhuile (?:seche|visage|corps)\\b',
        '\\blip (?:balm|oil|mask|treatment)s?\\b',
        '\\bbaume a levres\\b',
        '\\blippenbalsam\\b',
        '\\b(?:bb|cc) cream\\b',
        '\\bprimers?\\b',
        '\\bfoundations?\\b',
        '\\bfond de teint\\b',
        '\\bconcealers?\\b',
        '\\bdeodorants?\\b',
        '\\bspot (?:treatment|gel|patch|paste|corrector)e?s?\\b',
        '\\bpeel(?:ing)? pads?\\b',
        '\\bnail (?:polish|lacquer|varnish)\\b',
        '\\beye patch(?:es)?\\b',
        '\\bleave in conditioner\\b',
        '에센스',
        '세럼',
        '토너',
        '美容液',
        '化粧水',
        '精华',
      ].join('|'),
    ),
  },
  {
    rinse: /(?!)/,
    leave:
      /\b(?:creams?|creme|lotions?|balms?|baume|fluids?|emulsions?|gel cream|butter|salve|moisturi[sz]ing|hydratante?|hidratante|feuchtigkeits\w*)\b|크림|乳液|面霜/,
  },
];

const MASK = /\b(?:masks?|masques?|masken?|mascarillas?|maschera|packs?)\b|마스크|팩|マスク|面膜/;

/** What a heading, product name or category says of the product's use: rinse-off, leave-on, or nothing. */
export function productTypeOfWords(text: string | null | undefined): ListProductType {
  if (!text) return 'unknown';
  const words = normaliseHeading(text);
  for (const [n, tier] of TIERS.entries()) {
    // A mask's texture does not say how it is used: cream masks are left on, or rinsed or tissued off.
    if (n === TIERS.length - 1 && MASK.test(words)) break;
    const rinse = tier.rinse.test(words);
    const leave = tier.leave.test(words);
    if (rinse && leave) return 'unknown';
    if (rinse) return 'rinse_off';
    if (leave) return 'leave_on';
  }
  return 'unknown';
}

// A label or a shop page pasted whole starts with the product's name above its list ("Gentle Milk Cleanser
// 200 ml"), among the brand, claims and copy. A name is a short line that is not a sentence, a claim with a
// colon, or a direction: "Apply after cleansing" names a cleanser the product is not.
const NAME_LINE_MAX = 80;
const NAME_WORDS_MAX = 10;
const DIRECTION =
  /\b(?:apply|applying|use|using|after|before|follow|followed|massage|avoid|directions?|warnings?|cautions?|helps?|removes?|leaves?|keeps?|recommended|suitable|ideal)\b/;

/**
 * The product's name line among the lines above its list, when one says how it is used: the first line shaped as a
 * name whose words say rinse-off or leave-on, unless another name-shaped line says the other. Null when none does.
 */
export function nameLineOf(above: readonly string[]): string | null {
  let found: string | null = null;
  let foundType: ListProductType = 'unknown';
  for (const block of above)
    for (const raw of block.split('\n')) {
      const line = trimEdges(raw, (c) => isSpace(c) || '-–—•·*►▪'.includes(String.fromCharCode(c)), isSpace);
      if (line.length < 3 || line.length > NAME_LINE_MAX || /[:!?]|[.]$|[,;].*[,;]/.test(line)) continue;
      const words = normaliseHeading(line);
      if (words.split(' ').length > NAME_WORDS_MAX || DIRECTION.test(words)) continue;
      const type = productTypeOfWords(line);
      if (type === 'unknown') continue;
      if (found && type !== foundType) return null;
      if (!found) {
        found = line;
        foundType = type;
      }
    }
  return found;
}

// Directions printed with a label ("Leave on for 10 minutes, then rinse off with lukewarm water") say how it is
// used when its name does not. A rinsing step makes it rinse-off, however long it stays on first; "do not rinse"
// makes it leave-on. A warning's rinsing ("if contact with eyes occurs, rinse") says nothing of the use.
const DIRECTIONS_LEAVE =
  /\b(?:do not rinse|dont rinse|no need to rinse|without rinsing|no rinse|rinse free|leave on overnight|leave overnight|sans rincage|ne pas rincer|ohne abspulen|nicht abspulen|sin aclarado|no aclarar|senza risciacquo)\b/;
const DIRECTIONS_RINSE =
  /\b(?:rinse|rinses|rinsed|rinsing|wash (?:it )?off|washes off|washing off|remove with (?:warm |lukewarm )?water|splash off|rincer|rincez|abspulen|abwaschen|aclarar|enjuagar|risciacquare)\b/;
const WARNING_SENTENCE = /\b(?:eyes?|contact|irritation|if|in case|accidental|swallowed|doctor)\b/;
/** How a use line made from directions starts (useLineOf): inferProductType reads such a heading as directions. */
export const DIRECTIONS_PREFIX = 'Directions: ';

/** What directions say of the use: rinse-off, leave-on, or nothing (a warning's rinsing is no use). */
export function productTypeOfDirections(text: string): ListProductType {
  let found: ListProductType = 'unknown';
  for (const sentence of normaliseHeading(text.replace(/[’']/g, '')).split(/[.;!?]\s*/)) {
    if (!sentence || WARNING_SENTENCE.test(sentence)) continue;
    if (DIRECTIONS_LEAVE.test(sentence)) return 'leave_on';
    if (DIRECTIONS_RINSE.test(sentence)) found = 'rinse_off';
  }
  return found;
}

/**
 * A use line from the text set aside around a list (its directions), for a label whose name line says nothing:
 * "Directions: " and the first line whose directions say rinse-off or leave-on. Null when none does, or when two
 * lines say different things.
 */
export function useLineOf(lines: readonly string[]): string | null {
  let found: string | null = null;
  let foundType: ListProductType = 'unknown';
  for (const line of lines) {
    if (line.length > 400) continue;
    const type = productTypeOfDirections(line);
    if (type === 'unknown') continue;
    if (found && type !== foundType) return null;
    if (!found) {
      found = `${DIRECTIONS_PREFIX}${line.replace(/^\s*(?:directions|how to use)\s*:?\s*/i, '')}`;
      foundType = type;
    }
  }
  return found;
}

// Where a product is used, where EU law tells face from body (the UV filters of Annex VI: homosalate in face
// products only, oxybenzone at 2.2 % in body products against 6 % in face, hand and lip products).
const BODY_WORDS = /\b(?:body|shower|bath|legs?|korper|corps|cuerpo|corpo)\b|바디|ボディ|身体/;
const FACE_WORDS =
  /\b(?:face|facial|eye|lip|hand|visage|gesicht|viso|cara|rostro|serums?|toners?|essences?|ampoules?)\b|페이스|얼굴|顔|面部/;

/** The body area a heading or name says (face, with hand and lip products; body), or null when it says neither or both. */
export function areaOfWords(text: string | null | undefined): 'face' | 'body' | null {
  if (!text) return null;
  const words = normaliseHeading(text);
  const body = BODY_WORDS.test(words);
  const face = FACE_WORDS.test(words);
  return body === face ? null : body ? 'body' : 'face';
}
