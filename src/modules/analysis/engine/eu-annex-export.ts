// Reads the Commission's CosIng exports of Annexes II-VI of Regulation (EC) No 1223/2009 into
// entries: one per row (reference numbers repeat), with what each column says. Pure: text in, data
// out; scripts/eu-annexes.ts writes the result to data/eu/annex-entries.json.
import { parse } from 'csv-parse/sync';
import { strictKey as annexNameKey } from './regulation.js';

export const ANNEXES = ['II', 'III', 'IV', 'V', 'VI'] as const;
export type Annex = (typeof ANNEXES)[number];

/** Where a maximum or condition applies: our two product types, any product, or products we cannot tell from a list (hair, oral, nail…). */
export type AppliesTo = 'any' | 'leave_on' | 'rinse_off' | 'specific';

export interface AnnexCondition {
  /** "(a)", "(b)" as printed; null when the entry has one condition. */
  label: string | null;
  /** The product types and body parts, in the annex's words. */
  products: string | null;
  /** The maximum, in the annex's words. */
  maximum: string | null;
  /** The maximum in % of the ready-for-use product, when the annex gives one in %. */
  maxPercent: number | null;
  appliesTo: AppliesTo;
}

export interface AnnexEntry {
  /** "II/1339"; a reference number printed on several rows gets "#2", "#3" ("III/196#2"). */
  id: string;
  annex: Annex;
  ref: string;
  /** Row of the export (1 = first row after the header). */
  row: number;
  /** The row reads "Moved or deleted". */
  deleted: boolean;
  chemicalName: string;
  /** The Common Ingredients Glossary (INCI) names of the entry (Annexes III-VI; Annex II has no such column). */
  glossaryNames: string[];
  /** The substances the entry is about: its glossary names and the names its chemical name / INN column gives. */
  ownNames: string[];
  /** "Identified INGREDIENTS or substances e.g.": what the entry may concern. */
  identified: string[];
  cas: string[];
  ec: string[];
  /** The words of the chemical name that limit the entry ("except for normal content in natural essences used"). */
  qualifier: string | null;
  /** The entry is about the nano form only. */
  nano: boolean;
  /** "with the exception of entry 14 in Annex III": the entry holding the exception. */
  exceptEntry: { annex: Annex; ref: string } | null;
  conditions: AnnexCondition[];
  other: string | null;
  /** "Wording of conditions of use and warnings", as printed. */
  warnings: string | null;
  /** The act that set the entry, as the export writes it ("(EU) 2024/996"). */
  regulation: string | null;
  otherRegulations: string | null;
  sccsOpinions: string[];
  cmr: string | null;
  /** Products not complying may not be placed on the market from / made available from (ISO dates). */
  transition: { notPlacedFrom: string | null; notAvailableFrom: string | null } | null;
  /** The "Other" column asks for the substance to be named on labels above 0.001 % / 0.01 % (fragrance allergens). */
  labelThreshold: { leaveOn: number; rinseOff: number } | null;
  /** "Update Date" of the row, ISO. */
  updated: string | null;
}

export interface AnnexExport {
  annex: Annex;
  title: string;
  /** "File creation date" and "Last update", ISO. */
  created: string | null;
  lastUpdate: string | null;
  entries: AnnexEntry[];
}

export class AnnexFormatError extends Error {}

const oneLine = (text: string | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();
const orNull = (text: string | undefined): string | null => {
  const t = (text ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return t && t !== '-' ? t : null;
};

/** "31/10/2025" → "2025-10-31". */
export function isoFromDmy(text: string | undefined): string | null {
  const m = /(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(text ?? '');
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : null;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** "1 November 2025" → "2025-11-01"; `plusOneDay` for "until 31 December 2024" (the first day it no longer may). */
function isoFromWords(text: string, plusOneDay = false): string | null {
  const m = /(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})/.exec(text);
  const month = m ? MONTHS.indexOf(m[2].toLowerCase()) : -1;
  if (!m || month < 0) return null;
  const date = new Date(Date.UTC(Number(m[3]), month, Number(m[1]) + (plusOneDay ? 1 : 0)));
  return date.toISOString().slice(0, 10);
}

/** The transition dates the "Other" column gives for products not complying with a new condition. */
export function transitionOf(other: string | null): AnnexEntry['transition'] {
  if (!other) return null;
  const text = oneLine(other);
  let notPlacedFrom: string | null = null;
  let notAvailableFrom: string | null = null;
  for (const sentence of text.split(/(?<=\.)\s+/)) {
    const from = /From (\d{1,2} [A-Za-z]+ \d{4})/i.exec(sentence);
    if (from && /not be placed/i.test(sentence)) notPlacedFrom ??= isoFromWords(from[1]);
    else if (from && /not be made available/i.test(sentence)) notAvailableFrom ??= isoFromWords(from[1]);
    const placedUntil = /placed on the Union market until (\d{1,2} [A-Za-z]+ \d{4})/i.exec(sentence);
    if (placedUntil) notPlacedFrom ??= isoFromWords(placedUntil[1], true);
    const availableUntil = /made available on the Union market until (\d{1,2} [A-Za-z]+ \d{4})/i.exec(sentence);
    if (availableUntil) notAvailableFrom ??= isoFromWords(availableUntil[1], true);
  }
  return notPlacedFrom || notAvailableFrom ? { notPlacedFrom, notAvailableFrom } : null;
}

/** "0,0015 %", "7,34 %", "(a) 3.0%": the first amount in %, as a number. */
export function percentOf(text: string | null): number | null {
  const m = /(\d+(?:[.,]\d+)?)\s*%/.exec(text ?? '');
  if (!m) return null;
  const value = Number(m[1].replace(',', '.'));
  return value > 0 && value <= 100 ? value : null;
}

// Words naming products a list of ingredients does not tell us about: such a condition applies only
// when the product is one of them ("Rinse-off hair products", "Toothpastes", "Artificial nail systems").
const SPECIFIC =
  /\b(hair|eyelash|nail|oral|tooth|dental|mouth|lipstick|eye|mascara|eyeliner|depilator|deodorant|antiperspirant|soap|shower|powder|concealer|spray|aerosol|body lotion|professional|children|baby|bath|shampoo|dye|colorant|waving|straighten|bleach|scalp|moustache|beard|tattoo|propell|fragrance|eau de|perfume|solvent)/i;

/** What a condition's products text (or, where the export puts it there, its maximum text) applies to. */
export function appliesToOf(products: string | null, maximum: string | null): AppliesTo {
  const text = oneLine(`${products ?? ''} ${(maximum ?? '').replace(/\d+(?:[.,]\d+)?\s*%/g, '')}`)
    .toLowerCase()
    // What an exception leaves out says nothing of where the entry applies.
    .replace(/,?\s*(?:with the exception of|except(?: for)?|excluding|other than)\b[^;]*/g, ' ');
  if (!text || /^(?:\(?[a-z]\)?\s*)?$/.test(text)) return 'any';
  if (/^others? /.test(text) && !/rinse[- ]off|leave[- ]on/.test(text)) return 'any';
  if (/not to be used in/.test(text) && !/only/.test(text)) return 'any';
  const rinse = /rinse[- ]off/.test(text);
  const leave = /leave[- ]on/.test(text);
  const specific = SPECIFIC.test(text.replace(/rinse[- ]off|leave[- ]on/g, ''));
  if (specific) return 'specific';
  if (rinse && leave) return 'any';
  if (rinse) return 'rinse_off';
  if (leave) return 'leave_on';
  return 'any';
}

/** Splits "(a) … (b) …" into its lettered parts; one unlabelled part when there are no letters. */
function lettered(text: string | null): Map<string, string> {
  const parts = new Map<string, string>();
  if (!text) return parts;
  const marks = [...text.matchAll(/(?:^|\n|\s)\(?([a-h])\)\s*(?=\S)/g)];
  const usable = marks.filter((m, i) => i === 0 || m[1] > marks[i - 1][1]);
  if (!usable.length || usable[0][1] !== 'a') {
    parts.set('', text.trim());
    return parts;
  }
  usable.forEach((m, i) => {
    const start = m.index! + m[0].length;
    const end = i + 1 < usable.length ? usable[i + 1].index! : text.length;
    // "(a) (b) (c)" printed together: each letter then shares the text that follows.
    const chunk = text.slice(start, end).trim();
    parts.set(m[1], chunk);
  });
  // Letters with nothing of their own take the next letter's text ("(a) (b) (c)\nNot to be used…").
  const letters = [...parts.keys()];
  for (let i = letters.length - 2; i >= 0; i--)
    if (!parts.get(letters[i])) parts.set(letters[i], parts.get(letters[i + 1]) ?? '');
  return parts;
}

/** The conditions of a row: its products and maxima, paired by their letters. */
export function conditionsOf(products: string | null, maximum: string | null): AnnexCondition[] {
  if (!products && !maximum) return [];
  const byProducts = lettered(products);
  const byMaximum = lettered(maximum);
  const labels = [...new Set([...byProducts.keys(), ...byMaximum.keys()].filter(Boolean))].sort();
  if (!labels.length) {
    const p = orNull(products ?? undefined);
    const m = orNull(maximum ?? undefined);
    return [
      {
        label: null,
        products: p && oneLine(p),
        maximum: m && oneLine(m),
        maxPercent: percentOf(m),
        appliesTo: appliesToOf(p, m),
      },
    ];
  }
  return labels.map((label) => {
    const p = orNull(byProducts.get(label) ?? byProducts.get('') ?? undefined);
    const m = orNull(byMaximum.get(label) ?? byMaximum.get('') ?? undefined);
    return {
      label: `(${label})`,
      products: p && oneLine(p),
      maximum: m && oneLine(m),
      maxPercent: percentOf(m),
      appliesTo: appliesToOf(p, m),
    };
  });
}

const QUALIFIER =
  /,?\s*\b(with (?:the )?exception\b.*|except\b.*|unless\b.*|when (?:used|listed)\b.*|if (?:it|they)\b.*|other than\b.*|provided that\b.*)$/i;

// What parentheses in a chemical name may hold besides another name of the substance: a form, a source, a
// ratio, a note, the parts of a plant.
const DESCRIPTOR =
  /^(?:racemic|polymeric|stabili[sz]ed|petroleum|iso|inn|nano|cas|[ivx]+|[a-z]|\d[\d:.]*|[±+/–-]+|see note.*|including.*|entry \d.*|\d+e|c\d+(?:-c?\d+)?)$/i;
const PLANT_MATERIAL =
  /^(?:(?:and|or|essential|galenical|preparations?|oils?|fruits?|seeds?|leaves|roots?|flowers?|barks?|powder|extracts?|resin|water|herb|whole|plant|dried)[\s,]*)+$/i;

/** What "(…)" in a chemical name holds: another name of the substance, a descriptor, or a part of a systematic name. */
function parenthesised(before: string, inside: string, after: string): 'name' | 'descriptor' | 'inside' {
  const text = inside.trim();
  if (DESCRIPTOR.test(text) || PLANT_MATERIAL.test(text)) return 'descriptor';
  if (/^INCI:/i.test(text)) return 'name';
  // After a multiplier or an open locant, or followed by more of the name ("…bis (ethanol) sulphate").
  if (/(?:bis|tris|tetrakis|[-,[(])$/i.test(before)) return 'inside';
  return !after || /^(?:[,;[(]|e\.g\.|and\b|or\b|when\b|with\b|see\b|listed\b|as\b|in\b)/i.test(after)
    ? 'name'
    : 'inside';
}

/** The chemical name / INN column: the names it gives, and the words that limit the entry. */
export function readChemicalName(text: string): {
  names: string[];
  qualifier: string | null;
  nano: boolean;
  exceptEntry: AnnexEntry['exceptEntry'];
} {
  // New lines, "[1]" and "[INCI]," separate the names of one entry ("Gold (nano) [INCI], Colloidal Gold (nano) [INCI]
  // [1]\nGold …").
  const flat = oneLine(
    text
      .replace(/\[(?:INCI|INN)\]\s*,/gi, ';')
      .replace(/\[\d\]/g, ';')
      .replace(/\n/g, ';'),
  )
    .replace(/(?:\s*;)+/g, ';')
    .replace(/^;|;$/g, '');
  const nano = /\(nano\)/i.test(flat);
  const q = QUALIFIER.exec(flat);
  const qualifier = q ? q[1].trim() : null;
  const exception =
    qualifier &&
    /exception of (?:entry|reference (?:number|No\.?))\s*(\d+[a-z]?)\s+(?:in|of)\s+Annex\s+(II|III|IV|V|VI)\b/i.exec(
      qualifier,
    );
  const body = (q ? flat.slice(0, q.index) : flat)
    .replace(/\[INCI:\s*([^\]]+)\]/gi, '; $1; ')
    .replace(/\[(?:INCI|INN|\d+)\]|\((?:INN|nano)\)/gi, ' ')
    .replace(
      /,?\s*\b(?:and )?(?:its|their) (?:\w+ )?(?:salts?|esters?|isomers?|derivatives|compounds|complexes)\b(?:,? with [^;)]*)?/gi,
      ' ',
    )
    .replace(/\s+/g, ' ');
  const names = new Set<string>();
  const add = (name: string) => {
    const n = name
      .replace(/^[\s,;:.-]+|[\s,;:]+$/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (n.length >= 2 && /[a-z]{2}/i.test(n)) names.add(n);
  };
  for (const piece of body.split(/;|\s\/\s|\n|(?<=[)\]])\s*,\s/)) {
    add(piece);
    // "1,4-Dihydroxybenzene (Hydroquinone)": the name in the parentheses, and the one before them. Not a word
    // inside a systematic name ("…imino]bis (ethanol) sulphate" is no ethanol) nor one saying what the substance
    // is ("(racemic)", "(leaves, roots and galenical preparations)"): a name that generic joins other substances.
    let stripped = false;
    for (const m of piece.matchAll(/(?:^|\s)\(([^()]*(?:\([^()]*\)[^()]*)*)\)(?=\s|,|$)/g)) {
      const read = parenthesised(piece.slice(0, m.index).trim(), m[1], piece.slice(m.index + m[0].length).trim());
      if (read === 'name') add(m[1].replace(/^(?:e\.g\.|INCI:)\s*/i, ''));
      if (read !== 'inside') stripped = true;
    }
    if (stripped) add(piece.replace(/(?:^|\s)\([^()]*(?:\([^()]*\)[^()]*)*\)(?=\s|,|$)/g, ' '));
  }
  return {
    names: [...names],
    qualifier: nano && !qualifier ? '(nano)' : qualifier,
    nano,
    exceptEntry: exception ? { annex: exception[2].toUpperCase() as Annex, ref: exception[1] } : null,
  };
}

/** Numbers separated by "/", ",", ";", "--" or new lines; "-" alone is none. */
export function numbersOf(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(/\s*(?:\/|,|;|--|\n|\s\[\d\])\s*/)
        .map((n) => n.replace(/\[\d\]/g, '').trim())
        .filter((n) => /^\d{2,7}-\d{2,3}-\d$/.test(n)),
    ),
  ];
}

/**
 * The names of the "Identified INGREDIENTS" column. Names hold commas ("TOLUENE-2,6-DIAMINE",
 * "CITRUS PARADISI, X C. RETICULATA PEEL EXTRACT"): pieces are joined back when the join is a name
 * `known` holds (the inventory), or when the comma sits between digits.
 */
export function identifiedNames(text: string | undefined, known: (name: string) => boolean = () => false): string[] {
  const raw = (text ?? '').replace(/\n/g, ' ');
  const pieces = raw.split(/,(?!\d)/);
  const names: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    let taken = 1;
    for (let j = Math.min(pieces.length, i + 4); j > i + 1; j--) {
      if (known(pieces.slice(i, j).join(',').trim())) {
        taken = j - i;
        break;
      }
    }
    const name = pieces
      .slice(i, i + taken)
      .join(',')
      .replace(/\s+/g, ' ')
      .trim();
    i += taken - 1;
    if (name && /[A-Za-z]/.test(name) && !names.some((n) => annexNameKey(n) === annexNameKey(name))) names.push(name);
  }
  return names;
}

const LABEL_THRESHOLD = /(?:shall|must) be (?:indicated|labelled)[^.]*in the list of ingredients[^.]*0[,.]001 ?%/is;

/** "Opinion on A,Opinion on B (CAS No 1, EC No 2)": split at commas outside parentheses that start a new title. */
function opinionsOf(text: string | undefined): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  const t = text ?? '';
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '(') depth++;
    else if (t[i] === ')') depth = Math.max(0, depth - 1);
    else if (t[i] === ',' && depth === 0 && /^[A-Z]|^(?:revision|opinion)\b/.test(t.slice(i + 1))) {
      out.push(t.slice(start, i));
      start = i + 1;
    }
  }
  out.push(t.slice(start));
  return [...new Set(out.map(oneLine).filter(Boolean))];
}

/** One annex export (the text of COSING_Annex_<N>_v2.txt) read into its entries. */
export function readAnnexExport(
  text: string,
  known?: (name: string) => boolean,
  casOf: (name: string) => string | null = () => null,
): AnnexExport {
  const rows = parse(text, { relax_column_count: true, bom: true, relax_quotes: true }) as string[][];
  const annexRow = rows.find((r) => /^ANNEX ([IVX]+)$/.test(r[0] ?? ''));
  const annex = /^ANNEX ([IVX]+)$/.exec(annexRow?.[0] ?? '')?.[1] as Annex | undefined;
  if (!annex || !ANNEXES.includes(annex))
    throw new AnnexFormatError('no "ANNEX II" … "ANNEX VI" title line: is this a CosIng annex export?');
  const headerAt = rows.findIndex((r) => r[0] === 'Reference Number');
  if (headerAt < 0) throw new AnnexFormatError(`Annex ${annex}: no header row starting "Reference Number"`);
  const header = rows[headerAt].map((h) => h.trim());
  const column = (...names: string[]) =>
    header.findIndex((h) => names.some((n) => h.toLowerCase() === n.toLowerCase()));
  const col = {
    ref: 0,
    chemical: column('Chemical name / INN', 'Chemical name'),
    glossary: column(
      'Name of Common Ingredients Glossary',
      'Colour index Number / Name of Common Ingredients Glossary',
    ),
    cas: column('CAS Number'),
    ec: column('EC Number'),
    products: column('Product Type, body parts'),
    maximum: column('Maximum concentration in ready for use preparation'),
    other: column('Other'),
    warnings: column('Wording of conditions of use and warnings'),
    regulation: column('Regulation'),
    otherRegulations: column('Other Directives/Regulations'),
    sccs: column('SCCS opinions'),
    identified: column('Identified INGREDIENTS or substances e.g.'),
    cmr: column('CMR'),
    updated: column('Update Date'),
  };
  for (const [name, at] of Object.entries(col)) {
    const optional = ['glossary', 'products', 'maximum', 'other', 'warnings'].includes(name);
    if (at < 0 && !(optional && annex === 'II')) throw new AnnexFormatError(`Annex ${annex}: no column for ${name}`);
  }
  const cell = (row: string[], at: number) => (at >= 0 ? (row[at] ?? '') : '');
  const seen = new Map<string, number>();
  const entries = rows
    .slice(headerAt + 1)
    .filter((r) => oneLine(r[0]))
    .map((row, i): AnnexEntry => {
      const ref = oneLine(row[0]);
      const count = (seen.get(ref) ?? 0) + 1;
      seen.set(ref, count);
      const chemicalName = oneLine(cell(row, col.chemical));
      const deleted = /^moved or deleted/i.test(chemicalName);
      // Names part at ";", " / ", ", " (a comma without a space is a locant: "N,N-bis(2-Hydroxyethyl)…").
      const glossaryNames = deleted
        ? []
        : oneLine(cell(row, col.glossary))
            .split(/;|\s\/\s|,\s+|\s*\/\s*(?=CI \d{5})|(?<=CI \d{5})\s*\/\s*/)
            .map((n) => n.trim())
            .filter((n) => n && n !== '-');
      const chemical = deleted
        ? { names: [], qualifier: null, nano: false, exceptEntry: null }
        : readChemicalName(cell(row, col.chemical));
      const nano = chemical.nano || glossaryNames.some((n) => /\(nano\)/i.test(n));
      const own = [...glossaryNames.map((n) => n.replace(/\s*\(nano\)/i, '').trim()), ...chemical.names];
      const cas = numbersOf(cell(row, col.cas));
      const identified = deleted ? [] : identifiedNames(cell(row, col.identified), known);
      const qualifier = chemical.qualifier ?? (nano ? '(nano)' : null);
      // An identified name the inventory gives the entry's own (single) CAS number is the entry's substance.
      // Its first: a mixture's entry lists its parts' numbers too (Annex V/39 holds methylisothiazolinone's).
      if (!qualifier) own.push(...identified.filter((n) => cas.length > 0 && casOf(n) === cas[0]));
      const ownNames = own.filter((n, k) => own.findIndex((m) => annexNameKey(m) === annexNameKey(n)) === k);
      const other = orNull(cell(row, col.other));
      return {
        id: `${annex}/${ref}${count > 1 ? `#${count}` : ''}`,
        annex,
        ref,
        row: i + 1,
        deleted,
        chemicalName,
        glossaryNames,
        ownNames,
        identified,
        cas,
        ec: numbersOf(cell(row, col.ec)),
        qualifier,
        nano,
        exceptEntry: chemical.exceptEntry,
        conditions: deleted ? [] : conditionsOf(orNull(cell(row, col.products)), orNull(cell(row, col.maximum))),
        other,
        warnings: orNull(cell(row, col.warnings)),
        regulation: orNull(cell(row, col.regulation)),
        otherRegulations: orNull(cell(row, col.otherRegulations)),
        sccsOpinions: opinionsOf(cell(row, col.sccs)),
        cmr: orNull(cell(row, col.cmr)),
        transition: transitionOf(other),
        labelThreshold: other && LABEL_THRESHOLD.test(other) ? { leaveOn: 0.001, rinseOff: 0.01 } : null,
        updated: isoFromDmy(cell(row, col.updated)),
      };
    });
  const created = rows.find((r) => /File creation date/i.test(r[0] ?? ''))?.[0];
  const lastUpdate = annexRow?.find((c) => /Last update/i.test(c));
  return {
    annex,
    title: oneLine(rows[headerAt - 2]?.[0] ?? rows[2]?.[0]),
    created: isoFromDmy(created),
    lastUpdate: isoFromDmy(lastUpdate),
    entries,
  };
}
