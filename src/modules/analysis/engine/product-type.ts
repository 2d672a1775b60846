// Rinse-off or leave-on, from what a list (or one part of a kit) says. Pure, and callable per kit part.
// A heading or category wins ("Foaming Cleanser", "Night Cream"). Else a named list of cleansing
// surfactants decides: anionic and amphoteric washing agents (alkyl and ether sulfates, sulfonates,
// isethionates, taurates, sarcosinates, glutamates, sulfosuccinates, betaines, sultaines,
// amphoacetates), the alkyl glucosides sold as washing agents, and soap bases (salts of fatty acids
// forming the base, high in the list). Emulsifiers and solubilisers (polysorbates, laureths, PEG esters,
// glyceryl stearate, potassium cetyl phosphate, stearic acid neutralised by a hydroxide in a cream) are
// not washing agents and never make a product rinse-off, whatever their CosIng function says.

export type ListProductType = 'leave_on' | 'rinse_off' | 'unknown';

export interface ProductTypeReading {
  productType: ListProductType;
  /** Why, in plain words. */
  basis: string;
}

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
  /(?:lauroyl|cocoyl|myristoyl|capryloyl\/caproyl|stearoyl)? ?glutamate$/,
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

/** Emulsifiers of cleansing oils and balms (they make oil rinse off), not of creams. */
const OIL_CLEANSER =
  /^(?:peg-\d+ glyceryl (?:tri)?isostearate|peg-\d+ glyceryl (?:tri)?oleate|sorbeth-\d+ tetraoleate|polysorbate (?:20|80|85)|polyglyceryl-\d+ (?:di|tri)?(?:oleate|isostearate|laurate|caprylate)|peg-\d+ sorbitan (?:tri)?oleate|peg-\d+ (?:di)?isostearate|sorbitan sesquioleate)$/i;
const FATTY_ACID = /^(?:lauric|myristic|palmitic|stearic|coconut) acid$/i;
/** Solubilisers micellar waters are made of. */
const MICELLAR =
  /^(?:poloxamer \d+|peg-\d+ caprylic\/capric glycerides|polyglyceryl-\d+ (?:laurate|caprylate|caprate))$/i;
/** Clays and earths forming a mask's base: high in a list they make a clay mask, rinsed off. */
const CLAY =
  /^(?:kaolin|bentonite|illite|montmorillonite|hectorite|moroccan lava clay|solum fullonum|charcoal powder|volcanic ash|[a-z ]*\bclay)\b/i;
/** Abrasive particles of a scrub; sugar and salt only as the base (first or second), where they are the scrub. */
const ABRASIVE = /^(?:[a-z() ]+ (?:shell|seed|pit|stone|kernel) powder|[a-z() ]+ kernel meal|pumice|perlite)$/i;
const GRAINS_BASE = /^(?:sucrose|sugar|maris sal|sea salt|sodium chloride)$/i;
/** UV filters high in a list make a sunscreen, which stays on whatever emulsifies it. */
const UV_FILTER =
  /^(?:zinc oxide|titanium dioxide|ethylhexyl methoxycinnamate|octinoxate|homosalate|octocrylene|avobenzone|butyl methoxydibenzoylmethane|ethylhexyl salicylate|octisalate|bis-ethylhexyloxyphenol methoxyphenyl triazine|ethylhexyl triazone|diethylamino hydroxybenzoyl hexyl benzoate|methylene bis-benzotriazolyl tetramethylbutylphenol|oxybenzone|benzophenone-3)\b/i;

const RINSE_WORDS =
  /\b(?:cleansers?|cleansing (?:gel|foam|milk|bar|oil|balm|water)s?|face ?wash|body ?wash(?:es)?|wash gel|foaming|shower|bath (?:gel|foam)|shampoo|soap|scrubs?|exfoliating wash|rinse[- ]off|wash[- ]off|clay masks?)\b/i;
const LEAVE_WORDS =
  /\b(?:cream|serum|lotion|moisturi[sz]er|sunscreen|spf|balm|toner|essence|ampoule|fluid|gel[- ]cream|eye cream|night cream|day cream|leave[- ]on)\b/i;

/** A heading or category's words: rinse-off, leave-on, or nothing said. */
export function productTypeOfHeading(heading: string | null | undefined): ListProductType {
  if (!heading) return 'unknown';
  const rinse = RINSE_WORDS.test(heading);
  const leave = LEAVE_WORDS.test(heading);
  return rinse && !leave ? 'rinse_off' : leave && !rinse ? 'leave_on' : 'unknown';
}

/** The named washing agent, if the name is one. */
export const cleansingSurfactant = (name: string): boolean => {
  // Labels write "Coco-Glucoside" and "Coco Glucoside" alike; a hyphen before a number ("PEG-8") is kept.
  const key = name
    .toLowerCase()
    .replace(/([a-z])-(?=[a-z])/g, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
  return CLEANSERS.some((re) => re.test(key));
};
export const soapBase = (name: string): boolean => SOAP.test(name.toLowerCase().replace(/\s+/g, ' ').trim());

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

/**
 * The product type of a list (or of one kit part): its heading when that says, else its ingredients
 * (matched names in label order; null for an entry matching nothing).
 */
export function inferProductType(
  ingredients: Array<{ name: string } | null>,
  heading?: string | null,
): ProductTypeReading {
  const fromHeading = productTypeOfHeading(heading);
  if (fromHeading !== 'unknown')
    return {
      productType: fromHeading,
      basis: `Read as a ${fromHeading === 'rinse_off' ? 'rinse-off' : 'leave-on'} product from its heading ("${heading}").`,
    };
  const front = ingredients.slice(0, 5);
  const washer = front.find((i) => i && cleansingSurfactant(i.name));
  if (washer)
    return {
      productType: 'rinse_off',
      basis: `A cleansing surfactant (${washer.name}) is among the first five ingredients: read as a rinse-off product (a cleanser).`,
    };
  const soap = soapBaseOf(ingredients);
  if (soap?.kind === 'salt')
    return {
      productType: 'rinse_off',
      basis: `A soap base (${soap.names[0]}) is among the first three ingredients: read as a rinse-off product (a soap).`,
    };
  if (soap)
    return {
      productType: 'rinse_off',
      basis: `Fatty acids (${soap.names.slice(0, -1).join(', ')}) neutralised by ${soap.names[soap.names.length - 1]} high in the list make a soap base: read as a rinse-off product (a cleansing foam).`,
    };
  const known = front.filter(Boolean).length;
  if (known < Math.min(3, ingredients.length) || ingredients.length < 3) {
    return {
      productType: 'unknown',
      basis: 'Too few of the first ingredients are known to tell a rinse-off product from a leave-on one.',
    };
  }
  const clay = ingredients.slice(0, 3).find((i) => i && CLAY.test(i.name));
  // Sulfur with clay is the drying paste of a spot treatment as often as a mask.
  const sulfur = clay && ingredients.slice(0, 6).find((i) => i && /^sulfur$/i.test(i.name));
  if (sulfur)
    return {
      productType: 'unknown',
      basis: `A clay (${clay!.name}) with sulfur high in the list: a clay mask, rinsed off, or a spot paste, left on; the list does not say which.`,
    };
  if (clay)
    return {
      productType: 'rinse_off',
      basis: `A clay (${clay.name}) is among the first three ingredients: read as a rinse-off product (a clay mask).`,
    };
  const abrasive =
    front.find((i) => i && ABRASIVE.test(i.name)) ?? ingredients.slice(0, 2).find((i) => i && GRAINS_BASE.test(i.name));
  if (abrasive)
    return {
      productType: 'rinse_off',
      basis: `Scrub particles (${abrasive.name}) high in the list: read as a rinse-off product (a scrub).`,
    };
  const sunscreen = front.find((i) => i && UV_FILTER.test(i.name));
  if (sunscreen)
    return {
      productType: 'leave_on',
      basis: `A UV filter (${sunscreen.name}) is among the first five ingredients: read as a leave-on product (a sunscreen).`,
    };
  const water = ingredients.slice(0, 3).some((i) => i && /^(?:water|aqua)\b/i.test(i.name));
  const oilCleanser = !water && ingredients.slice(0, 8).find((i) => i && OIL_CLEANSER.test(i.name));
  if (oilCleanser)
    return {
      productType: 'unknown',
      basis: `An oil base with ${oilCleanser.name}, an emulsifier that lets oil rinse off with water: a cleansing oil or balm, or a body oil; the list does not say which.`,
    };
  const micellar = water && ingredients.slice(0, 4).find((i) => i && MICELLAR.test(i.name));
  if (micellar)
    return {
      productType: 'unknown',
      basis: `Water with ${micellar.name} high in the list: a micellar water or a toner, wiped or rinsed off; the list does not say which.`,
    };
  const later = ingredients.slice(5, 8).find((i) => i && cleansingSurfactant(i.name));
  if (later)
    return {
      productType: 'unknown',
      basis: `A cleansing surfactant (${later.name}) is listed, but not among the first five ingredients: the list does not say whether the product is rinsed off.`,
    };
  return {
    productType: 'leave_on',
    basis: 'No cleansing surfactant or soap base among the first ingredients: read as a leave-on product.',
  };
}
