// Rinse-off or leave-on, from what a list (or one part of a kit) says. Pure, and callable per kit part.
// A heading or category wins ("Foaming Cleanser", "Night Cream"). Else a named list of cleansing
// surfactants decides: anionic and amphoteric washing agents (alkyl and ether sulfates, sulfonates,
// isethionates, taurates, sarcosinates, glutamates, sulfosuccinates, betaines, sultaines,
// amphoacetates), the alkyl glucosides sold as washing agents, and soap bases (salts of fatty acids
// forming the base, high in the list). Emulsifiers and solubilisers (polysorbates, laureths, PEG esters,
// glyceryl stearate, potassium cetyl phosphate, stearic acid neutralised by a hydroxide in a cream) are
// not washing agents and never make a product rinse-off, whatever their CosIng function says.

import { areaOfWords, DIRECTIONS_PREFIX, productTypeOfDirections, productTypeOfWords } from './product-type-words.js';

export type ListProductType = 'leave_on' | 'rinse_off' | 'unknown';

export interface ProductTypeReading {
  productType: ListProductType;
  /** Why, in plain words. */
  basis: string;
}

/**
 * The body area a product's name says it is for (face, with hand and lip products; body), where EU law sets
 * different conditions (regulation-reading.ts reads it as its context's area); null when the name does not say.
 */
export const productAreaOf = (heading: string | null | undefined): 'face' | 'body' | null =>
  heading?.startsWith(DIRECTIONS_PREFIX) ? null : areaOfWords(heading);

type Named = { name: string } | null;

const SALT = '(?:sodium|ammonium|magnesium|potassium|tea|mea|mipa|dea|zinc|disodium)';
/** Cleansing surfactants by INCI name (lower case). */
const CLEANSERS: RegExp[] = [
  // Alkyl and alkyl ether sulfates, not the fatty-alcohol sulfates used as co-emulsifiers in creams.
  new RegExp(
    `^${SALT}[- ](?:laureth|lauryl|coco|myreth|myristyl|pareth|trideceth|c\\d+-\\d+ (?:alkyl|pareth)|coceth|deceth|laneth|capryleth)(?:-\\d+)? ?sulfate$`,
  ),
  new RegExp(`^${SALT}[- ](?:c\\d+-\\d+ olefin|dodecylbenzene|xylene)? ?sulfonate$`),
  /^(?:sodium|ammonium) (?:c14-16 olefin sulfonate|lauryl sulfoacetate|cocoyl sulfoacetate)$/,
  /isethionate$/,
  /methyl (?:cocoyl|oleoyl|lauroyl|myristoyl) taurate$/,
  /(?:lauroyl|cocoyl|myristoyl|oleoyl) sarcosinate$/,
  // Stearoyl glutamate is a cream's emulsifier, not a washing agent.
  /(?:lauroyl|cocoyl|myristoyl|capryloyl\/caproyl) glutamate$/,
  /(?:laureth|lauryl|coco|cocamido mea|oleamido)[- ]?(?:\d+ )?sulfosuccinate$/,
  /(?:lauroyl|cocoyl) (?:glycinate|alaninate|methyl alaninate|aspartate)$/,
  /^(?:cocamidopropyl|lauramidopropyl|babassuamidopropyl|cocamidoethyl) (?:betaine|hydroxysultaine)$/,
  /^(?:coco|lauryl|cetyl)[- ]betaine$/,
  /^(?:sodium|disodium) (?:coco|lauro|cocoampho|lauroampho|capryloampho)(?:amphoacetate|amphodiacetate|acetate|diacetate|propionate)$/,
  /^(?:sodium|disodium) (?:cocoamphoacetate|lauroamphoacetate|cocoamphodiacetate|lauroamphodiacetate|cocoamphopropionate)$/,
  /^(?:decyl|lauryl|coco|caprylyl\/capryl) glucoside$/,
];
/** Fatty-acid salts that form a soap base. */
const SOAP =
  /^(?:sodium|potassium) (?:palmate|cocoate|tallowate|palm kernelate|olivate|laurate|myristate|oleate|castorate|ricinoleate|sunflowerseedate|shea butterate|avocadoate|babassuate|rapeseedate|soybeanate|hempseedate|sweet almondate|cocoa butterate|palmitate)$|^saponified /;

/**
 * Emulsifiers that turn an oil into a milk under water (mid to high HLB): in an oil base, among the first five
 * ingredients, they are there by the tenth and make a cleansing oil or balm, rinsed off. A face or body oil has
 * no use for them at that weight.
 */
const OIL_RINSING =
  /^(?!polyglyceryl-4 isostearate$)(?:peg-\d+ glyceryl (?:tri)?(?:isostearate|oleate|cocoate|caprylate\/caprate)|sorbeth-\d+ (?:tetra)?oleate|polysorbate (?:20|80|85)|polyglyceryl-(?:[4-9]|10) (?:di|tri)?(?:oleate|isostearate|laurate|caprylate|caprate|ricinoleate)|polyglyceryl-2 (?:sesqui)?caprylate|peg-\d+ sorbitan (?:tri)?(?:oleate|isostearate)|peg-\d+ (?:di)?(?:isostearate|oleate)|peg-\d+ (?:hydrogenated )?castor oil)$/i;
/**
 * Low-HLB emulsifiers and pigment dispersants: in a cleansing balm, and as much in a lip balm, a lipstick or a
 * water-in-oil balm left on. With them alone an oil base cannot be told.
 */
const OIL_DISPERSING =
  /^(?:polyglyceryl-[23] (?:di|tri|sesqui)?(?:isostearate|oleate)|sorbitan (?:sesqui|tri)?(?:oleate|isostearate)|polyglyceryl-4 isostearate)$/i;
const FATTY_ACID = /^(?:lauric|myristic|palmitic|stearic|coconut) acid$/i;
/** Solubilisers micellar waters are made of (and toners use for their scent). */
const MICELLAR =
  /^(?:poloxamer \d+|peg-\d+ caprylic\/capric glycerides|polyglyceryl-\d+ (?:laurate|caprylate|caprate)|polysorbate 20|peg-\d+ hydrogenated castor oil)$/i;
/** Gelling and thickening polymers: a wash is thickened to stay in the hand, a micellar water pours. */
const THICKENER =
  /^(?:carbomer|xanthan gum|acrylates(?:\/[\w-]+)* (?:copolymer|crosspolymer)|hydroxy(?:ethyl|propyl)(?: ?methyl)? ?cellulose|cellulose gum|peg-\d+ methyl glucose (?:di|tri)?oleate|peg-\d+ distearate|peg-\d+ pentaerythrityl tetrastearate|sodium polyacrylate|gellan gum|guar gum|sclerotium gum|ammonium acryloyldimethyltaurate\/vp copolymer)$/i;
/** Washing agents mild enough for a micellar water (non-ionic and amphoteric), not sulfates, sulfonates or soaps. */
const MILD_WASHER = /(?:glucoside|betaine|sultaine|ampho\w*acetate|amphopropionate)$/i;
/** Clays and earths forming a mask's base: high in a list they make a clay mask, rinsed off. */
const CLAY =
  /^(?:kaolin|bentonite|illite|montmorillonite|hectorite|moroccan lava clay|solum fullonum|charcoal powder|volcanic ash|[a-z ]*\bclay)\b/i;
/** Abrasive particles of a scrub; sugar and salt only as the base (first or second), where they are the scrub. */
const ABRASIVE = /^(?:[a-z() ]+ (?:shell|seed|pit|stone|kernel) powder|[a-z() ]+ kernel meal|pumice|perlite)$/i;
const GRAINS_BASE = /^(?:sucrose|sugar|maris sal|sea salt|sodium chloride)$/i;
/** Bath salts and fizzers forming the base (first or second): dissolved in a bath, rinsed off. */
const BATH_BASE = /^(?:magnesium sulfate|sodium bicarbonate|sodium sesquicarbonate)$/i;
/**
 * Emulsifier blends that carry a glucoside (coco-glucoside behind cetearyl or coconut alcohol, lauryl glucoside
 * behind polyglyceryl-2 dipolyhydroxystearate): a glucoside listed right after its partner came in with it and
 * emulsifies a cream; it is not the washing agent of a cleanser.
 */
const BLEND_PARTNER: Array<[RegExp, RegExp]> = [
  [/^(?:coco|decyl|lauryl)[- ]glucoside$/i, /^(?:cetearyl|coconut|cetyl) alcohol$/i],
  [/^lauryl glucoside$/i, /^polyglyceryl-2 dipolyhydroxystearate$/i],
];
const blendGlucoside = (ingredients: Named[], at: number): boolean => {
  const here = ingredients[at];
  const before = ingredients[at - 1];
  return !!here && !!before && BLEND_PARTNER.some(([g, partner]) => g.test(here.name) && partner.test(before.name));
};
/** Protein-digesting enzymes: high in a list they make an enzyme peel or mask, timed and rinsed off. */
const PROTEASE = /^(?:papain|bromelain|subtilisin|protease|actinidin|ficin)$/i;
/** The film former of a peel-off mask: first in its list it is peeled off, not left on. */
const PEEL_OFF_FILM = /^(?:polyvinyl alcohol|pva)$/i;
/** Acids of a chemical peel (AHAs, pyruvic and trichloroacetic acid): first in a list they are its largest part. */
const PEEL_ACID = /^(?:glycolic|lactic|mandelic|pyruvic|trichloroacetic) acid$/i;
/** UV filters high in a list make a sunscreen, which stays on whatever emulsifies it. */
const UV_FILTER =
  /^(?:zinc oxide|titanium dioxide|ethylhexyl methoxycinnamate|octinoxate|homosalate|octocrylene|avobenzone|butyl methoxydibenzoylmethane|ethylhexyl salicylate|octisalate|bis-ethylhexyloxyphenol methoxyphenyl triazine|ethylhexyl triazone|diethylamino hydroxybenzoyl hexyl benzoate|methylene bis-benzotriazolyl tetramethylbutylphenol|oxybenzone|benzophenone-3)\b/i;
const WATER = /^(?:water|aqua|eau)\b/i;
/** Oils, butters, waxes and emollient esters: what an oil base is made of (not a propellant, alcohol or silicone). */
const OIL_LIKE =
  /(?:\boils?\b|\bbutter\b|triglycerides?$|glycerides$|^squalane$|^squalene$|^paraffinum liquidum$|^mineral oil$|^petrolatum$|^isohexadecane$|^isododecane$|polyisobutene$|^polyethylene$|^cera\b|\bwax$|^(?!(?:sodium|potassium|calcium|magnesium|zinc|aluminum|ammonium) )[\w-]+ (?:palmitate|myristate|isostearate|ethylhexanoate|isononanoate|caprylate|caprate|laurate|oleate|adipate|succinate|malate|neopentanoate)$|caprylate\/caprate$)/i;
/** Cationic conditioning agents: the base of a hair conditioner or mask, and of a leave-in or a lotion made with them. */
const CONDITIONING =
  /^(?:behentrimonium (?:chloride|methosulfate)|cetrimonium (?:chloride|bromide)|steartrimonium chloride|dicetyldimonium chloride|stearamidopropyl dimethylamine|brassicamidopropyl dimethylamine)$/i;
const FATTY_ALCOHOL = /^(?:cetearyl|cetyl|stearyl|behenyl|myristyl) alcohol$/i;
const MINERAL_OIL = /^(?:paraffinum liquidum|mineral oil|petrolatum)$/i;

/** A heading or category's words: rinse-off, leave-on, or nothing said (engine/product-type-words.ts). */
export const productTypeOfHeading = (heading: string | null | undefined): ListProductType =>
  productTypeOfWords(heading);

/**
 * A test of an ingredient name, worked out once per name: every list asks it of its first names, and those are the
 * knowledge base's few thousand (bounded all the same).
 */
function byName(test: (name: string) => boolean): (name: string) => boolean {
  const known = new Map<string, boolean>();
  return (name) => {
    let found = known.get(name);
    if (found === undefined) {
      found = test(name);
      if (known.size >= 50_000) known.clear();
      known.set(name, found);
    }
    return found;
  };
}

/** The named washing agent, if the name is one. */
export const cleansingSurfactant = byName((name) => {
  // Labels write "Coco-Glucoside" and "Coco Glucoside" alike; a hyphen before a number ("PEG-8") is kept.
  const key = name
    .toLowerCase()
    .replace(/([a-z])-(?=[a-z])/g, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
  return CLEANSERS.some((re) => re.test(key));
});
export const soapBase = byName((name) => SOAP.test(name.toLowerCase().replace(/\s+/g, ' ').trim()));

export interface SoapBaseReading {
  /** salt: a fatty-acid salt named as such; neutralised: fatty acids with a hydroxide, made into soap in the product. */
  kind: 'salt' | 'neutralised';
  /** The ingredients forming it, in label order (the hydroxide last). */
  names: string[];
}

/**
 * The soap base of a list (matched names in label order; null for an entry matching nothing), if it has
 * one: a fatty-acid salt among the first three ingredients, or several fatty acids among the first six
 * neutralised by a hydroxide among the first ten (a Korean cleansing foam). One stearic acid with a
 * hydroxide is a cream's emulsifier, not a soap base.
 */
export function soapBaseOf(ingredients: Array<{ name: string } | null>): SoapBaseReading | null {
  const salt = ingredients.slice(0, 3).find((i) => i && soapBase(i.name));
  if (salt) return { kind: 'salt', names: [salt.name] };
  const acids = ingredients.slice(0, 6).filter((i): i is { name: string } => !!i && FATTY_ACID.test(i.name));
  const alkali = ingredients.slice(0, 10).find((i) => i && /^(?:potassium|sodium) hydroxide$/i.test(i.name));
  if (acids.length >= 2 && alkali) return { kind: 'neutralised', names: [...acids.map((a) => a.name), alkali.name] };
  return null;
}

const rinseOff = (basis: string): ProductTypeReading => ({ productType: 'rinse_off', basis });
const leaveOn = (basis: string): ProductTypeReading => ({ productType: 'leave_on', basis });
const cannotTell = (basis: string): ProductTypeReading => ({ productType: 'unknown', basis });
/** The first of list[from..to) whose name matches (a loop: each list asks a dozen of these). */
const findIn = (list: Named[], from: number, to: number, re: RegExp): { name: string } | undefined => {
  for (let at = from; at < to && at < list.length; at++) {
    const i = list[at];
    if (i && re.test(i.name)) return i;
  }
  return undefined;
};

/**
 * A water with a micellar solubiliser and only mild washing agents, nothing thickening it: a micellar water
 * (wiped on with a cotton pad and left, so leave-on) or a thin foaming wash. With the solubiliser listed before
 * the washing agent it is a micellar water; after it, the list cannot tell.
 */
function micellarWater(
  ingredients: Named[],
  washerAt: number,
): { solubiliser: { name: string }; first: boolean } | null {
  const solubiliser = findIn(ingredients, 0, 6, MICELLAR);
  if (!solubiliser || !ingredients.slice(0, 3).some((i) => i && WATER.test(i.name))) return null;
  const washers = ingredients.slice(0, 8).filter((i): i is { name: string } => !!i && cleansingSurfactant(i.name));
  if (!washers.every((w) => MILD_WASHER.test(w.name)) || findIn(ingredients, 0, 12, THICKENER)) return null;
  return { solubiliser, first: ingredients.indexOf(solubiliser) < washerAt };
}

/**
 * The product type of a list (or of one kit part): its heading when that says, else its ingredients
 * (matched names in label order; null for an entry matching nothing). Leave a "may contain" block out: it
 * says nothing of the product's use and would move the entries that do. It reads no further than the twelfth
 * ingredient: read-list.ts keeps its answers by the first twelve names (raise INFERENCE_READS there to read further).
 */
export function inferProductType(ingredients: Named[], heading?: string | null): ProductTypeReading {
  // A use line made from the label's directions (analyze.ts, useLineOf) is read as directions, not as a name.
  if (heading?.startsWith(DIRECTIONS_PREFIX)) {
    const fromDirections = productTypeOfDirections(heading);
    if (fromDirections !== 'unknown')
      return {
        productType: fromDirections,
        basis: `Read as a ${fromDirections === 'rinse_off' ? 'rinse-off' : 'leave-on'} product from its directions ("${heading.slice(DIRECTIONS_PREFIX.length)}").`,
      };
  }
  const fromHeading = productTypeOfHeading(heading);
  if (fromHeading !== 'unknown')
    return {
      productType: fromHeading,
      basis: `Read as a ${fromHeading === 'rinse_off' ? 'rinse-off' : 'leave-on'} product from its name ("${heading}").`,
    };
  const front = ingredients.slice(0, 5);
  const washerAt = front.findIndex((i, at) => i && cleansingSurfactant(i.name) && !blendGlucoside(ingredients, at));
  if (washerAt >= 0) {
    const washer = front[washerAt]!;
    const micellar = micellarWater(ingredients, washerAt);
    if (micellar?.first)
      return leaveOn(
        `Water with ${micellar.solubiliser.name} before a mild washing agent (${washer.name}) and nothing thickening it: read as a micellar water, wiped on and not rinsed, so leave-on.`,
      );
    if (micellar)
      return cannotTell(
        `Water with a mild washing agent (${washer.name}) and ${micellar.solubiliser.name}, nothing thickening it: a micellar water, left on, or a thin foaming wash, rinsed off; the list does not say which.`,
      );
    return rinseOff(
      `A cleansing surfactant (${washer.name}) is among the first five ingredients: read as a rinse-off product (a cleanser).`,
    );
  }
  const soap = soapBaseOf(ingredients);
  if (soap?.kind === 'salt')
    return rinseOff(
      `A soap base (${soap.names[0]}) is among the first three ingredients: read as a rinse-off product (a soap).`,
    );
  if (soap)
    return rinseOff(
      `Fatty acids (${soap.names.slice(0, -1).join(', ')}) neutralised by ${soap.names[soap.names.length - 1]} high in the list make a soap base: read as a rinse-off product (a cleansing foam).`,
    );
  const known = front.filter(Boolean).length;
  if (known < Math.min(3, ingredients.length) || ingredients.length < 3)
    return cannotTell('Too few of the first ingredients are known to tell a rinse-off product from a leave-on one.');
  const clay = findIn(ingredients, 0, 3, CLAY);
  // Sulfur with clay is the drying paste of a spot treatment as often as a mask.
  if (clay && findIn(ingredients, 0, 6, /^sulfur$/i))
    return cannotTell(
      `A clay (${clay.name}) with sulfur high in the list: a clay mask, rinsed off, or a spot paste, left on; the list does not say which.`,
    );
  if (clay)
    return rinseOff(
      `A clay (${clay.name}) is among the first three ingredients: read as a rinse-off product (a clay mask).`,
    );
  const bath = findIn(ingredients, 0, 2, BATH_BASE);
  if (bath)
    return rinseOff(`${bath.name} forming the base: read as bath salts or a bath fizzer, dissolved and rinsed off.`);
  const abrasive = findIn(ingredients, 0, 5, ABRASIVE) ?? findIn(ingredients, 0, 2, GRAINS_BASE);
  if (abrasive)
    return rinseOff(`Scrub particles (${abrasive.name}) high in the list: read as a rinse-off product (a scrub).`);
  const film = findIn(ingredients, 0, 3, PEEL_OFF_FILM);
  if (film)
    return rinseOff(
      `${film.name} among the first three ingredients is the film of a peel-off mask: removed after use, so rinse-off.`,
    );
  // A clay a little lower, with a mineral filter above it: a clay mask carrying zinc oxide, or a mineral
  // sunscreen or zinc cream with a clay to mattify; never read as a sunscreen on the list alone.
  const lowerClay = findIn(ingredients, 3, 5, CLAY);
  const sunscreen = findIn(ingredients, 0, 5, UV_FILTER);
  if (lowerClay && sunscreen)
    return cannotTell(
      `A clay (${lowerClay.name}) with a UV filter (${sunscreen.name}) high in the list: a clay mask, rinsed off, or a mineral sunscreen or zinc cream, left on; the list does not say which.`,
    );
  // An exfoliating acid first, before the water: peel strength (tens of per cent), applied for minutes and rinsed
  // off or neutralised (FDA guidance limits leave-on AHA products to 10 %).
  const peelAcid = findIn(ingredients, 0, 1, PEEL_ACID);
  if (peelAcid)
    return rinseOff(
      `An exfoliating acid (${peelAcid.name}) is the first ingredient: peel strength, read as a peel, timed and rinsed off.`,
    );
  if (sunscreen)
    return leaveOn(
      `A UV filter (${sunscreen.name}) is among the first five ingredients: read as a leave-on product (a sunscreen${/^zinc oxide/i.test(sunscreen.name) ? ' or a zinc paste' : ''}).`,
    );
  const enzyme = findIn(ingredients, 0, 5, PROTEASE);
  if (enzyme)
    return rinseOff(
      `A protein-digesting enzyme (${enzyme.name}) among the first five ingredients: read as an enzyme peel or mask, timed and rinsed off.`,
    );
  const water = ingredients.slice(0, 3).some((i) => i && WATER.test(i.name));
  // An oil base: no water near the top, an oil, butter, wax or ester first or second (a propellant is none).
  const oilBase = !water && !!findIn(ingredients, 0, 2, OIL_LIKE);
  const rinsing = oilBase && findIn(ingredients, 0, 5, OIL_RINSING);
  if (rinsing)
    return rinseOff(
      `An oil base with ${rinsing.name} among the first five ingredients, an emulsifier that turns oil into a milk under water: read as a cleansing oil or balm, rinsed off.`,
    );
  const dispersing = oilBase && (findIn(ingredients, 0, 5, OIL_DISPERSING) || findIn(ingredients, 5, 8, OIL_RINSING));
  if (dispersing)
    return cannotTell(
      `An oil base with ${dispersing.name}: a cleansing balm or oil, rinsed off, or a balm, lip product or body oil, left on; the list does not say which.`,
    );
  const micellar = water && findIn(ingredients, 0, 4, MICELLAR);
  if (micellar)
    return leaveOn(
      `Water with ${micellar.name} high in the list: a micellar water or a toner, both left on the skin (a micellar water is wiped on and not rinsed).`,
    );
  const conditioning = findIn(ingredients, 0, 3, CONDITIONING);
  if (conditioning && findIn(ingredients, 0, 4, FATTY_ALCOHOL))
    return cannotTell(
      `${conditioning.name} with a fatty alcohol high in the list: a hair conditioner or mask, rinsed off, or a leave-in conditioner or lotion, left on; the list does not say which.`,
    );
  const mineralOil = findIn(ingredients, 0, 2, MINERAL_OIL);
  if (
    mineralOil &&
    findIn(ingredients, 0, 4, /^cera alba|beeswax/i) &&
    findIn(ingredients, 0, 8, /^sodium borate$|^borax$/i)
  )
    return cannotTell(
      `${mineralOil.name} and beeswax set by sodium borate make a cold cream: a cleanser wiped or rinsed off, or a barrier cream left on; the list does not say which.`,
    );
  const later = ingredients
    .slice(5, 8)
    .find((i, k): i is { name: string } => !!i && cleansingSurfactant(i.name) && !blendGlucoside(ingredients, 5 + k));
  if (later)
    return cannotTell(
      `A cleansing surfactant (${later.name}) is listed, but not among the first five ingredients: the list does not say whether the product is rinsed off.`,
    );
  return leaveOn('No cleansing surfactant or soap base among the first ingredients: read as a leave-on product.');
}
