// Reads what a person typed into a search box (websearch syntax: "quoted phrases", -word, or) and
// writes it as tsquery text for to_tsquery('english', …): every word may also be met by its other
// spelling and its synonyms, and the last word, still being typed, by its prefix. Pure.

export interface SearchVocabulary {
  /** [British, American] word parts. */
  spelling: ReadonlyArray<readonly [string, string]>;
  /** Groups of folded words or phrases (each a list of words) that stand for one another. */
  synonyms: ReadonlyArray<ReadonlyArray<readonly string[]>>;
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
}

export interface ParsedQuery {
  terms: Term[];
  /** Positive words as typed, for correcting typos. */
  words: string[];
}

/**
 * Lowercase, accents removed (as unaccent does for Latin letters: only the combining diacritics
 * U+0300-U+036F go, so kana keep their voicing marks), recomposed (Hangul syllables as labels
 * print them), anything but letters and digits a space.
 */
export const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]+/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
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

/** Parses the query; `typing`: the last word has no space after it yet (as-you-type). */
export function parseQuery(input: string, vocabulary: SearchVocabulary): ParsedQuery {
  const terms: Term[] = [];
  const tokens = tokenize(input);
  const endsOpen = /[\p{L}\p{N}]$/u.test(input);
  tokens.forEach((token, i) => {
    const words = wordsOf(token.text);
    if (!words.length) return;
    const base = { negated: token.negated, or: token.or, quoted: token.quoted, prefix: false };
    // Unquoted punctuation inside a token ("oil-free", "A/B") makes a phrase of its words, as websearch_to_tsquery
    // does.
    if (token.quoted || words.length > 1) {
      terms.push({ ...base, words, alternatives: [words] });
      return;
    }
    const last = i === tokens.length - 1 && endsOpen && !token.negated;
    terms.push({ ...base, words, prefix: last, alternatives: [words] });
  });
  // Synonym groups over runs of plain words (the longest run first): "sun cream" is one term.
  const merged: Term[] = [];
  for (let i = 0; i < terms.length; i++) {
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
      alternatives: [typed, ...matched.group.filter((p) => !samePhrase(p, typed)).map((p) => [...p])],
    });
    i += matched.length - 1;
  }
  for (const term of merged) {
    term.alternatives = dedupe(term.alternatives.flatMap((phrase) => variants(phrase, vocabulary)));
  }
  const words = merged.filter((t) => !t.negated).flatMap((t) => t.words);
  return { terms: merged, words: [...new Set(words)] };
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
const operand = (word: string, prefix = false) => `'${word.replace(/'/g, "''")}'${prefix ? ':*' : ''}`;
const phraseText = (words: readonly string[], prefix = false) =>
  words.map((w, i) => operand(w, prefix && i === words.length - 1)).join(' <-> ');

/** A tsquery as SQL: to_tsquery calls combined with &&, || and !!, and their parameters in order. */
export interface QuerySql {
  sql: string;
  params: string[];
}

export interface QueryTexts {
  /** Everything: each term as any of its alternatives, the last word also as a prefix. */
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
  /**
   * `full` without the term being typed at all (null when there is no such term, when it is the only
   * positive one, or when `or` joins terms): every document `full` matches, it matches too. When it
   * has few matches, testing those few documents against `full` costs less than reading the typed
   * prefix's range of the index ("vitamn c": 105 matches of vitamin, and every word in "c").
   */
  rest: QuerySql | null;
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

/**
 * The tsqueries of a parsed query, with `corrections` (a typed word → the known word it is
 * probably a typo of) as further alternatives. Null when nothing searchable is left.
 */
export function queryTexts(
  query: ParsedQuery,
  vocabulary: SearchVocabulary,
  corrections: ReadonlyMap<string, string> = new Map(),
): QueryTexts | null {
  // A query of negations alone ("-fragrance") matches by what it lacks: not a text search.
  if (!query.terms.length || query.terms.every((t) => t.negated)) return null;
  const full: Array<{ q: QuerySql; or: boolean; negated: boolean }> = [];
  const whole: typeof full = [];
  const rest: typeof full = [];
  const literal: typeof full = [];
  const words = new Set<string>();
  const prefixes = new Set<string>();
  for (const term of query.terms) {
    const fixed = phraseText(term.words.map((w) => corrections.get(w) ?? w));
    const options = term.alternatives.map((p) => phraseText(p));
    // A misspelt word: its correction too (the typed form stays: it may be a word only descriptions have).
    if (term.words.some((w) => corrections.has(w))) options.push(fixed);
    const typedPrefixes = term.prefix ? prefixSpellings(term.words[0], vocabulary).map((p) => operand(p, true)) : [];
    full.push({ q: tsquery([...new Set(options)], typedPrefixes), or: term.or, negated: term.negated });
    whole.push({ q: tsquery([...new Set(options)], []), or: term.or, negated: term.negated });
    if (!term.prefix) rest.push({ q: tsquery([...new Set(options)], []), or: term.or, negated: term.negated });
    literal.push({
      q: tsquery([...new Set([phraseText(term.words), fixed])], term.prefix ? [operand(term.words[0], true)] : []),
      or: term.or,
      negated: term.negated,
    });
    if (!term.negated) {
      for (const p of term.alternatives) for (const w of p) words.add(operand(w));
      for (const w of term.words) if (corrections.has(w)) words.add(operand(corrections.get(w)!));
      for (const p of typedPrefixes) prefixes.add(p);
    }
  }
  return {
    full: combine(full),
    literal: combine(literal),
    highlight: tsquery([...words], [...prefixes]),
    // Only a positive term has a prefix (a negated word is never being typed): without it, the
    // query matches a subset of what it matched.
    whole: prefixes.size ? combine(whole) : null,
    // Leaving out an `and`-ed term widens the match; leaving out an `or`-ed one would narrow it.
    rest: prefixes.size && !query.terms.some((t) => t.or) && rest.some((t) => !t.negated) ? combine(rest) : null,
  };
}
