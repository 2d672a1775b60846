// Reads what a person typed into a search box (websearch syntax: "quoted phrases", -word, or) and
// writes it as tsquery text for to_tsquery('english', …): every word may also be met by its other
// spelling and its synonyms, and the last word, still being typed, by its prefix. Pure.
import type { Intent } from './intent.js';

export interface SearchVocabulary {
  /** [British, American] word parts. */
  spelling: ReadonlyArray<readonly [string, string]>;
  /** Groups of folded words or phrases (each a list of words) that stand for one another. */
  synonyms: ReadonlyArray<ReadonlyArray<readonly string[]>>;
  /**
   * Phrases read as something they do not name (data/search-readings.yaml): a kind in another
   * language or in shop slang, a skin concern. One way: the phrase is searched as itself or any of
   * `search` (each with its synonym group); typing one of `search` never searches the phrase.
   */
  readings?: ReadonlyArray<Reading>;
  /**
   * The readings by stems, for inflected forms the table does not list ("crèmes de nuit", "Gesichtsmasken"):
   * `stems(word)` gives a word's stem in each language (a language tag, then the stem); `byStems` the
   * readings under "tag:stem stem…".
   */
  /**
   * Words naming a kind of product, met only in a product's name, brand or category (tsquery weights
   * A-C), never in its description alone: a remover "for waterproof mascara" is no mascara.
   */
  kindNouns?: ReadonlySet<string>;
  stemmed?: {
    stems: (word: string) => ReadonlyArray<readonly [string, string]>;
    byStems: ReadonlyMap<string, Reading>;
  };
}

/**
 * Whether `typed` is an inflection of `word` (their stems already agree in one language): an ending
 * added ("crèmes", "Sonnencremes", "limpiadores"), a final vowel changed ("creme"/"crema", Italian and
 * Portuguese number and gender), or a plural ending dropped ("arruga"/"arrugas"). Not a letter
 * dropped otherwise: "mask" is no form of the German "Maske".
 */
export function inflectionOf(typed: string, word: string): boolean {
  if (typed === word) return true;
  if (typed.length > word.length) return true;
  if (typed.length === word.length)
    return typed.slice(0, -1) === word.slice(0, -1) && /[aeiou]$/.test(typed) && /[aeiou]$/.test(word);
  return word === `${typed}s` || word === `${typed}es`;
}

/** The longest reading whose phrase the run of typed words at `i` inflects (VocabularY.stemmed). */
function stemmedReading(words: string[], vocabulary: SearchVocabulary): Reading | null {
  const stemmed = vocabulary.stemmed;
  if (!stemmed) return null;
  const stems = words.map((w) => stemmed.stems(w));
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const tags = new Set(stems[0].map(([tag]) => tag));
    for (const tag of tags) {
      const key = stems
        .slice(0, n)
        .map((list) => list.find(([t]) => t === tag)?.[1] ?? '')
        .join(' ');
      const reading = stemmed.byStems.get(`${tag}:${key}`);
      if (reading && reading.phrase.length === n && reading.phrase.every((w, k) => inflectionOf(words[k], w)))
        return reading;
    }
  }
  return null;
}

export interface Reading {
  phrase: readonly string[];
  search: ReadonlyArray<readonly string[]>;
  /** Words a product of this reading does not have (a face mask is no lip mask): searched as -word. */
  avoid?: readonly string[];
  /** What the answer says the phrase was read as ("kind: sunscreen", "concern: dryness"). */
  readAs: string;
  /** A concern's actives (ingredient groups and names): products holding one rank first. */
  actives?: readonly string[];
}

/** One term of the query: a word, a phrase, or a run of words a synonym group named. */
export interface Term {
  /** The words as typed (folded). */
  words: string[];
  negated: boolean;
  /** Joined to the term before by "or" (else "and"). */
  or: boolean;
  quoted: boolean;
  /** The last word, typed without a space after it: matched by its prefix too. */
  prefix: boolean;
  /** What else meets it: phrases (lists of words), the typed words first. */
  alternatives: string[][];
  /** A phrase of the readings table: what it was read as (Reading.readAs). */
  readAs?: string;
  /** A concern's actives (Reading.actives). */
  actives?: readonly string[];
  /**
   * Typed after "for" or "with" ("cleanser for oily skin", "lip balm with spf"): what the product
   * is for or has, not what it is. It ranks the products that have it first; it is not required.
   */
  optional: boolean;
}

export interface ParsedQuery {
  terms: Term[];
  /** Positive words as typed, for correcting typos. */
  words: string[];
  /** What the words meant beyond names (engine/intent.ts): free-from constraints, notes. */
  intent?: Intent;
}

/**
 * Lowercase, accents removed (as unaccent does for Latin letters: only the combining diacritics
 * U+0300-U+036F go, so kana keep their voicing marks), recomposed (Hangul syllables as labels
 * print them), anything but letters and digits a space, except a decimal point between digits
 * (a comma one written as a point): the documents' parser reads "0.5" in "Retinol 0.5%" as one
 * word, so "retinol 0.5" split into 0 and 5 met nothing.
 */
export const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]+/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/(\p{N})[.,](?=\p{N})/gu, '$1\u0000')
    .replace(/[^\p{L}\p{M}\p{N}\u0000]+/gu, ' ')
    .replace(/\u0000/g, '.')
    .trim();

const wordsOf = (text: string): string[] => fold(text).split(' ').filter(Boolean);

/** The word with each British part American and each American part British (itself included). */
export function spellings(word: string, vocabulary: SearchVocabulary): string[] {
  const out = new Set([word]);
  for (const [uk, us] of vocabulary.spelling) {
    if (word.includes(uk)) out.add(word.replace(uk, us));
    if (word.includes(us)) out.add(word.replace(us, uk));
  }
  return [...out];
}

/** A prefix being typed may be the start of either spelling: "moisturis" also as "moisturiz". */
function prefixSpellings(prefix: string, vocabulary: SearchVocabulary): string[] {
  const out = new Set(spellings(prefix, vocabulary));
  for (const [uk, us] of vocabulary.spelling) {
    for (const [from, to] of [
      [uk, us],
      [us, uk],
    ]) {
      // The prefix ends inside the part: "moistur|i" of moisturis → moisturi… is shared; "moisturis" → "moisturiz".
      for (let cut = 1; cut < from.length; cut++) {
        if (prefix.endsWith(from.slice(0, cut)) && to.length >= cut)
          out.add(prefix.slice(0, prefix.length - cut) + to.slice(0, cut));
      }
    }
  }
  return [...out];
}

interface Token {
  text: string;
  quoted: boolean;
  negated: boolean;
  or: boolean;
}

/** websearch_to_tsquery's syntax: "a phrase", -word or -"phrase", `or` between terms; other punctuation separates. */
function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  const re = /(-?)"([^"]*)"?|(\S+)/g;
  let pendingOr = false;
  for (let m = re.exec(input); m; m = re.exec(input)) {
    if (m[2] !== undefined) {
      tokens.push({ text: m[2], quoted: true, negated: m[1] === '-', or: pendingOr });
      pendingOr = false;
      continue;
    }
    const raw = m[3];
    if (/^or$/i.test(raw) && tokens.length) {
      pendingOr = true;
      continue;
    }
    const negated = raw.startsWith('-') && raw.length > 1;
    tokens.push({ text: negated ? raw.slice(1) : raw, quoted: false, negated, or: pendingOr });
    pendingOr = false;
  }
  return tokens;
}

const samePhrase = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((w, i) => w === b[i]);

/** Words after which the rest of a query says what the product is for or has (see Term.optional). */
const QUALIFIERS = new Set(['for', 'with']);

/**
 * The one-letter words of PostgreSQL's english stop list: to_tsquery('english', …) drops them, so
 * "vitamin a" would be searched as "vitamin" (every vitamin C serum).
 */
const STOP_LETTERS = new Set(['a', 'i', 's', 't']);

/** Letters and digits run together ("spf30", "spf50+"), as the phrase of both ("spf 30"): labels print either. */
function splitDigits(word: string): string[] | null {
  const m = /^(\p{L}{2,})(\d+(?:\.\d+)?)$/u.exec(word) ?? /^(\d+(?:\.\d+)?)(\p{L}{2,})$/u.exec(word);
  return m ? [m[1], m[2]] : null;
}

/** Parses the query; `typing`: the last word has no space after it yet (as-you-type). */
export function parseQuery(input: string, vocabulary: SearchVocabulary): ParsedQuery {
  const terms: Term[] = [];
  const tokens = tokenize(input);
  const endsOpen = /[\p{L}\p{N}]$/u.test(input);
  let qualified = false;
  tokens.forEach((token, i) => {
    const words = wordsOf(token.text);
    if (!words.length) return;
    if (!token.quoted && !token.negated && terms.length && words.length === 1 && QUALIFIERS.has(words[0])) {
      qualified = true;
      return;
    }
    const base = {
      negated: token.negated,
      or: token.or,
      quoted: token.quoted,
      prefix: false,
      optional: qualified && !token.negated,
    };
    // Unquoted punctuation inside a token ("oil-free", "A/B") makes a phrase of its words, as websearch_to_tsquery
    // does.
    if (token.quoted || words.length > 1) {
      terms.push({ ...base, words, alternatives: [words] });
      return;
    }
    const last = i === tokens.length - 1 && endsOpen && !token.negated;
    const split = splitDigits(words[0]);
    terms.push({ ...base, words, prefix: last, alternatives: split ? [words, split] : [words] });
  });
  // Only qualifiers ("for dry skin"): nothing says what the product is, they are what is searched.
  if (terms.every((t) => t.optional || t.negated)) for (const t of terms) t.optional = false;
  // Synonym groups over runs of plain words (the longest run first): "sun cream" is one term.
  const merged: Term[] = [];
  const plainRun = (run: Term[], length: number) =>
    run.length === length && !run.some((t, k) => t.quoted || t.negated || t.words.length !== 1 || (k > 0 && t.or));
  for (let i = 0; i < terms.length; i++) {
    // A reading (the longest phrase first) before a synonym group: "crème solaire" is a kind.
    let reading: Reading | null = null;
    for (const r of vocabulary.readings ?? []) {
      const run = terms.slice(i, i + r.phrase.length);
      if (
        !plainRun(run, r.phrase.length) ||
        !samePhrase(
          run.map((t) => t.words[0]),
          r.phrase,
        )
      )
        continue;
      if (!reading || r.phrase.length > reading.phrase.length) reading = r;
    }
    // Not listed as typed: an inflection of a listed phrase, by the languages' stems.
    if (!reading) {
      const run: string[] = [];
      for (let k = i; k < terms.length && run.length < 4; k++) {
        const t = terms[k];
        if (t.quoted || t.negated || t.words.length !== 1 || (k > i && t.or)) break;
        run.push(t.words[0]);
      }
      if (run.length) reading = stemmedReading(run, vocabulary);
    }
    if (reading) {
      const run = terms.slice(i, i + reading.phrase.length);
      const typed = run.map((t) => t.words[0]);
      const searched = reading.search.flatMap((p) => {
        const group = groupOf(p, vocabulary);
        return group ? groupPhrases(group, p) : [[...p]];
      });
      merged.push({
        words: typed,
        negated: false,
        or: run[0].or,
        quoted: false,
        prefix: false,
        optional: run[0].optional,
        alternatives: dedupe([[...typed], ...searched]),
        readAs: reading.readAs,
        ...(reading.actives ? { actives: reading.actives } : {}),
      });
      for (const word of reading.avoid ?? [])
        merged.push({
          words: [word],
          negated: true,
          or: false,
          quoted: false,
          prefix: false,
          optional: false,
          alternatives: [[word]],
        });
      i += reading.phrase.length - 1;
      continue;
    }
    let matched: { length: number; group: ReadonlyArray<readonly string[]> } | null = null;
    for (const group of vocabulary.synonyms) {
      for (const phrase of group) {
        const run = terms.slice(i, i + phrase.length);
        if (
          run.length !== phrase.length ||
          run.some((t, k) => t.quoted || t.negated || t.words.length !== 1 || (k > 0 && t.or))
        )
          continue;
        if (
          !samePhrase(
            run.map((t) => t.words[0]),
            phrase,
          )
        )
          continue;
        if (!matched || phrase.length > matched.length) matched = { length: phrase.length, group };
      }
    }
    if (!matched) {
      merged.push(terms[i]);
      continue;
    }
    const run = terms.slice(i, i + matched.length);
    const typed = run.map((t) => t.words[0]);
    merged.push({
      words: typed,
      negated: false,
      or: run[0].or,
      quoted: false,
      prefix: run[run.length - 1].prefix && matched.length === 1,
      optional: run[0].optional,
      alternatives: groupPhrases(matched.group, typed),
    });
    i += matched.length - 1;
  }
  for (const term of merged) {
    term.alternatives = dedupe(term.alternatives.flatMap((phrase) => variants(phrase, vocabulary)));
  }
  // A read phrase is known: it is not looked up as a typo ("rosacea" is no misspelt "rose").
  const words = merged.filter((t) => !t.negated && !t.readAs).flatMap((t) => t.words);
  return { terms: merged, words: [...new Set(words)] };
}

/**
 * What a phrase of a synonym group is searched as: itself and the group's other phrases, except a
 * phrase holding a stop letter ("vitamin a"), which the english configuration would search without
 * it: that one only through the others.
 */
export function groupPhrases(group: ReadonlyArray<readonly string[]>, typed: readonly string[]): string[][] {
  const searchable = (p: readonly string[]) => !p.some((w) => STOP_LETTERS.has(w));
  const others = group.filter((p) => !samePhrase(p, typed) && searchable(p)).map((p) => [...p]);
  return searchable(typed) || !others.length ? [[...typed], ...others] : others;
}

/** The synonym group holding `phrase`, if any. */
function groupOf(phrase: readonly string[], vocabulary: SearchVocabulary) {
  return vocabulary.synonyms.find((group) => group.some((p) => samePhrase(p, phrase))) ?? null;
}

/** A phrase with each of its words in either spelling (every combination is rare: one word varies at a time). */
function variants(phrase: string[], vocabulary: SearchVocabulary): string[][] {
  const out: string[][] = [phrase];
  phrase.forEach((word, k) => {
    for (const other of spellings(word, vocabulary))
      if (other !== word) out.push(phrase.map((w, j) => (j === k ? other : w)));
  });
  return out;
}

function dedupe(phrases: string[][]): string[][] {
  const seen = new Set<string>();
  return phrases.filter((p) => !seen.has(p.join(' ')) && seen.add(p.join(' ')));
}

/** A folded word as a tsquery operand (only letters and digits remain after folding: no quoting issue). */
const operand = (word: string, prefix = false, named = false) =>
  `'${word.replace(/'/g, "''")}'${prefix ? ':*' : ''}${named ? (prefix ? 'ABC' : ':ABC') : ''}`;
const phraseOf = (words: readonly string[], prefix = false, kindNouns?: ReadonlySet<string>) =>
  words.map((w, i) => operand(w, prefix && i === words.length - 1, !!kindNouns?.has(w))).join(' <-> ');

/** A tsquery as SQL: to_tsquery calls combined with &&, || and !!, and their parameters in order. */
export interface QuerySql {
  sql: string;
  params: string[];
}

export interface QueryTexts {
  /** Everything required: each term as any of its alternatives, the last word also as a prefix. */
  full: QuerySql;
  /** The words as typed (no synonyms or other spellings): what ranks literal matches above the rest. */
  literal: QuerySql;
  /** Every positive word and prefix, any of them: which words of a result matched, to highlight. */
  highlight: QuerySql;
  /**
   * `full` without the prefix of the word being typed (null when there is none): every document it
   * matches `full` matches too, so when it alone has many matches `full` has at least as many. It
   * is answered by exact index entries; a prefix is a range of them, all read (a third of the
   * catalog's words start with "c").
   */
  whole: QuerySql | null;
  /** The optional terms (Term.optional), each alone: the more of them a product meets, the higher it ranks. */
  boost: QuerySql[];
  /**
   * For an answer too short: products meeting all of the query's plain terms but one (`any`: one
   * of them at least, the quoted and negated terms as in `full`, what `full` matches left out; then
   * `terms`, each plain term alone, to count how many a product meets). Null when there are fewer
   * than two plain terms or an "or" (which already says what may be missing).
   */
  relaxed: { any: QuerySql; terms: QuerySql[] } | null;
  /**
   * `full` without the term being typed at all (null when there is no such term, when it is the only
   * positive one, or when `or` joins terms): every document `full` matches, it matches too. When it
   * has few matches, testing those few documents against `full` costs less than reading the typed
   * prefix's range of the index ("vitamn c": 105 matches of vitamin, and every word in "c").
   */
  rest: QuerySql | null;
  /**
   * A query that matches a subset of what `full` matches and is cheaper to count (null when it would
   * be `whole`, or `full` when there is no typed prefix): each term as typed and its corrections, in
   * either spelling, without synonyms or prefix; a negated term as in `full`. The index reads a
   * query as the whole lists of all its words: "niacinamide serum" with niacinamide's synonyms
   * (vitamin b3, nicotinamide…) took 47 ms to count past 1,000 at 1,000,000 products, its two typed
   * words 20 ms; "vitamin c serum" 70 and 37 ms. When it alone has many matches, so has `full`.
   * Null with an `or` (an or-ed term narrowed would not narrow the query).
   */
  core: QuerySql | null;
}

/**
 * Whole words go through the english configuration (stemmed, as the documents' stems); a prefix
 * through 'simple' (unstemmed, as the documents' words): english would stem the prefix and
 * "retinal:*" become "retin:*", meeting retinol and retinoids.
 */
function tsquery(words: string[], prefixes: string[]): QuerySql {
  const parts: QuerySql[] = [];
  if (words.length)
    parts.push({ sql: `to_tsquery('english', ?)`, params: [words.length > 1 ? `(${words.join(' | ')})` : words[0]] });
  if (prefixes.length) parts.push({ sql: `to_tsquery('simple', ?)`, params: [prefixes.join(' | ')] });
  return parts.length === 1
    ? parts[0]
    : { sql: `(${parts.map((p) => p.sql).join(' || ')})`, params: parts.flatMap((p) => p.params) };
}

function combine(list: Array<{ q: QuerySql; or: boolean; negated: boolean }>): QuerySql {
  let sql = '';
  const params: string[] = [];
  list.forEach(({ q, or, negated }, i) => {
    sql += `${i ? (or ? ' || ' : ' && ') : ''}${negated ? `!!${q.sql}` : q.sql}`;
    params.push(...q.params);
  });
  return { sql: `(${sql})`, params };
}

/** A correction as the list of words it stands for: one word, or two a word ran together ("eye cream"). */
const fixesOf = (corrections: ReadonlyMap<string, string | readonly string[]>, word: string): string[] => {
  const fix = corrections.get(word);
  return fix === undefined ? [] : typeof fix === 'string' ? [fix] : [...fix];
};

/**
 * The tsqueries of a parsed query, with `corrections` (a typed word → the known words it is
 * probably a typo of, or the known words it runs together: "eyecream" → "eye cream") as further
 * alternatives. Null when nothing searchable is left.
 */
export function queryTexts(
  query: ParsedQuery,
  vocabulary: SearchVocabulary,
  corrections: ReadonlyMap<string, string | readonly string[]> = new Map(),
): QueryTexts | null {
  // A query of negations alone ("-fragrance") matches by what it lacks: not a text search.
  if (!query.terms.length || query.terms.every((t) => t.negated)) return null;
  const nouns = vocabulary.kindNouns;
  const phraseText = (words: readonly string[]) => phraseOf(words, false, nouns);
  const full: Array<{ q: QuerySql; or: boolean; negated: boolean }> = [];
  const whole: typeof full = [];
  const rest: typeof full = [];
  const literal: typeof full = [];
  // The terms of `core` (QueryTexts.core); null once a term has no typed form among its own options.
  let core: typeof full | null = [];
  const boost: QuerySql[] = [];
  const plain: QuerySql[] = [];
  const kept: typeof full = [];
  const words = new Set<string>();
  const prefixes = new Set<string>();
  let wholePrefix = false;
  for (const term of query.terms) {
    // Each misspelt word replaced by each of its corrections (a single word's: all of them).
    const fixedPhrases: string[][] = [];
    if (term.words.some((w) => corrections.has(w))) {
      if (term.words.length === 1)
        for (const fix of fixesOf(corrections, term.words[0])) fixedPhrases.push(fix.split(' '));
      else fixedPhrases.push(term.words.flatMap((w) => (fixesOf(corrections, w)[0] ?? w).split(' ')));
    }
    const fixed = fixedPhrases.map((p) => phraseText(p));
    const options = term.alternatives.map((p) => phraseText(p));
    // A misspelt word: its corrections too (the typed form stays: it may be a word only descriptions
    // have), each with its synonyms ("sunscren" → sunscreen, sun cream, spf…).
    for (const p of fixedPhrases) {
      const group = groupOf(p, vocabulary);
      const phrases = group ? groupPhrases(group, p) : [p];
      for (const q of phrases) for (const v of variants(q, vocabulary)) options.push(phraseText(v));
    }
    const typedPrefixes = term.prefix
      ? prefixSpellings(term.words[0], vocabulary).map((p) => operand(p, true, !!nouns?.has(term.words[0])))
      : [];
    const q = tsquery([...new Set(options)], typedPrefixes);
    if (!term.negated) {
      for (const p of term.alternatives) for (const w of p) words.add(operand(w));
      for (const p of fixedPhrases) for (const w of p) words.add(operand(w));
      for (const p of typedPrefixes) prefixes.add(p);
    }
    if (term.optional) {
      boost.push(q);
      continue;
    }
    // A read phrase ("crème hydratante") also ranks the products that print it first: a French
    // name above the moisturisers it was read as.
    if (term.readAs) boost.push(tsquery([phraseText(term.words)], []));
    full.push({ q, or: term.or, negated: term.negated });
    if (core && term.negated) core.push({ q, or: term.or, negated: true });
    else if (core) {
      // The words as typed (when the query searches them: a phrase with a stop letter it does not)
      // and their corrections, in either spelling (one spelling alone is a thinner set, slower to
      // find 1,000 of by a scan: "moisturiser"), each among the term's own options: a subset of
      // what the term meets.
      const own = [term.alternatives[0], ...fixedPhrases]
        .flatMap((p) => variants(p, vocabulary))
        .filter((p) => options.includes(phraseText(p)));
      core = own.length
        ? [...core, { q: tsquery([...new Set(own.map((p) => phraseText(p)))], []), or: term.or, negated: false }]
        : null;
    }
    whole.push({ q: tsquery([...new Set(options)], []), or: term.or, negated: term.negated });
    if (typedPrefixes.length) wholePrefix = true;
    if (!term.prefix) rest.push({ q: tsquery([...new Set(options)], []), or: term.or, negated: term.negated });
    literal.push({
      q: tsquery([...new Set([phraseText(term.words), ...fixed])], term.prefix ? [operand(term.words[0], true)] : []),
      or: term.or,
      negated: term.negated,
    });
    if (term.negated || term.quoted) kept.push({ q, or: false, negated: term.negated });
    else plain.push(q);
  }
  const required = combine(full);
  const relaxable = plain.length >= 2 && !query.terms.some((t) => t.or);
  const anyPlain: QuerySql = {
    sql: `(${plain.map((p) => p.sql).join(' || ')})`,
    params: plain.flatMap((p) => p.params),
  };
  const first = wholePrefix ? combine(whole) : required;
  const cheaper = core && !query.terms.some((t) => t.or) && core.some((t) => !t.negated) ? combine(core) : null;
  return {
    core:
      cheaper && (cheaper.sql !== first.sql || cheaper.params.join('\n') !== first.params.join('\n')) ? cheaper : null,
    full: required,
    literal: combine(literal),
    highlight: tsquery([...words], [...prefixes]),
    // Only a positive term has a prefix (a negated word is never being typed): without it, the
    // query matches a subset of what it matched.
    whole: wholePrefix ? combine(whole) : null,
    // Leaving out an `and`-ed term widens the match; leaving out an `or`-ed one would narrow it.
    rest: wholePrefix && !query.terms.some((t) => t.or) && rest.some((t) => !t.negated) ? combine(rest) : null,
    boost,
    relaxed: relaxable
      ? {
          any: combine([
            { q: anyPlain, or: false, negated: false },
            ...kept,
            { q: required, or: false, negated: true },
          ]),
          terms: plain,
        }
      : null,
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every string one edit from a word of Latin letters (a letter dropped, added, changed, or two
 * neighbours swapped: Damerau's four kinds of typing error), to look up among the known words.
 * Trigrams miss most of these in short words ("aicd" shares no trigram with "acid" but the first).
 * A four-letter word only by two letters swapped: any edit would make an English word the catalog
 * lacks a catalog word ("good" gold, "best" beet). Empty for other scripts and shorter words.
 */
export function oneEditAway(word: string): string[] {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return [];
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    if (word.length === 4) continue;
    if (tail) out.add(head + tail.slice(1));
    for (const c of LETTERS) {
      if (tail && c !== tail[0]) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(word);
  return [...out];
}

/** The ways to cut a word in two parts of three letters or more ("eyecream" → eye + cream, ecr + eam…). */
export function twoParts(word: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 3; i <= word.length - 3; i++) out.push([word.slice(0, i), word.slice(i)]);
  return out;
}
