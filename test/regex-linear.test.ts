// Every regular expression of src/ is checked by an outside ReDoS analyser (issue 37): scslre, the analysis behind
// eslint-plugin-regexp's no-super-linear-backtracking and no-super-linear-move, run on each regex literal and each
// `new RegExp(...)` built from constants (test/helpers/regex-sources.ts reads them with the TypeScript compiler).
// It reports backtracking between quantifiers (Trade, Self) and a match tried at every position of a long run
// (Move): each is quadratic or worse on text a client sends. Static, offline and quick (under a second for the ~570
// patterns). Sticky patterns tried at many places by their caller are outside what it can see: the property test
// (analysis-linear.test.ts) measures the parser as a whole.
//
// A pattern stays flagged only when what it reads is not text a client, an import or a draft can make long, said in
// its entry below; a new flagged pattern fails this test until it is rewritten (or bounded) or given its reason.
import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { analyse } from 'scslre';
import { regexesUnder, type RegexSource } from './helpers/regex-sources.js';

const root = join(import.meta.dirname, '..');

interface Allowed {
  file: string;
  /** The pattern's source as written (flags aside). */
  source: string;
  /** Why what it reads is short or ours: never text a client, an import or a draft makes long. */
  reason: string;
}

const OPERATOR_DATA =
  "reads the European Commission's CosIng exports, converted offline by the operator (npm run data:eu-annexes); no request, import or draft reaches it";
const COSING =
  'reads the CosIng inventory CSV shipped in data/eu/ or given by the operator to npm run import:cosing, at seeding or by hand; no request reaches it';
const MATCHER_NAME =
  'reads one printed entry as the matcher sees it: entries longer than 200 characters are set aside as copy before matching (parse.ts MAX_ENTRY_LENGTH), and the names of a run are 8 words at most (split-run.ts)';
const ENTRY =
  "reads one entry after readEntry folded its spaces (a run of spaces or line breaks is one space), so a run it could repeat is one character long; digits before a '%' are the digits of one entry";

const ALLOWED: Allowed[] = [
  {
    file: 'src/config.ts',
    source: '\\/+$',
    reason: 'reads PUBLIC_URL and similar settings once at start-up, from the environment',
  },
  ...[
    '[ \\t]+\\n',
    '(\\d+(?:[.,]\\d+)?)\\s*%',
    '\\d+(?:[.,]\\d+)?\\s*%',
    ',?\\s*(?:with the exception of|except(?: for)?|excluding|other than)\\b[^;]*',
    ',?\\s*\\b(with (?:the )?exception\\b.*|except\\b.*|unless\\b.*|when (?:used|listed)\\b.*|if (?:it|they)\\b.*|other than\\b.*|provided that\\b.*)$',
    '(?:\\s*;)+',
    '\\[INCI:\\s*([^\\]]+)\\]',
    ',?\\s*\\b(?:and )?(?:its|their) (?:\\w+ )?(?:salts?|esters?|isomers?|derivatives|compounds|complexes)\\b(?:,? with [^;)]*)?',
    '^[\\s,;:.-]+|[\\s,;:]+$',
    '\\s*(?:\\/|,|;|--|\\n|\\s\\[\\d\\])\\s*',
    ';|\\s\\/\\s|,\\s+|\\s*\\/\\s*(?=CI \\d{5})|(?<=CI \\d{5})\\s*\\/\\s*',
    '\\s*\\(nano\\)',
  ].map((source) => ({ file: 'src/modules/analysis/engine/eu-annex-export.ts', source, reason: OPERATOR_DATA })),
  ...['\\s*-\\s*', '^_+|_+$'].map((source) => ({
    file: 'src/modules/ingredient/cosing/functions.ts',
    source,
    reason: COSING,
  })),
  ...['\\s*\\/\\s*', '[.:]+$', '-+$'].map((source) => ({
    file: 'src/modules/ingredient/cosing/parse.ts',
    source,
    reason: COSING,
  })),
  { file: 'src/seeders/inventory.ts', source: '\\s*[/,;]\\s*', reason: COSING },
  ...['^([^\\x00-\\x7f()]*[\\u3040-\\u30ff\\u3400-\\u9fff\\uac00-\\ud7af][^()]*?)\\s*\\((.*[A-Za-z].*)\\)$'].map(
    (source) => ({ file: 'src/modules/analysis/engine/match.ts', source, reason: MATCHER_NAME }),
  ),
  ...[
    '(\\S?)\\s*([([])([^)\\]]*)([)\\]])\\s*',
    '\\s+(?:usp|nf|bp|ph\\.?\\s*eur\\.?|ep|fcc|bio|organic|clay)\\.?$',
    '\\s*[/\\\\]\\s*',
    '\\s*[([]([^()[\\]]+)[)\\]]\\s*$',
    '\\s*(?:\\/|\\\\|,(?!\\d))\\s*',
  ].map((source) => ({ file: 'src/modules/analysis/engine/normalize.ts', source, reason: MATCHER_NAME })),
  ...['\\([^)]*\\)', '^[A-Z0-9 ./,-]*(?:\\([^)]*\\))?[A-Za-z0-9 ./,-]*$'].map((source) => ({
    file: 'src/modules/analysis/engine/regulation.ts',
    source,
    reason: `${MATCHER_NAME}; and the names of data/regulation/ and the EU annexes, ours`,
  })),
  ...[
    '(?:\\.\\s*|\\s+)(?=(?:[*†‡°¹²³⁴⁵⁶⁷⁸⁹⁰^~]+|\\(\\s*\\*+\\s*\\))\\s*(?:[A-Za-zÀ-ÿ]|\\d+(?:[.,]\\d+)?\\s*%\\s*[A-Za-zÀ-ÿ]))',
    '\\s+(?=(?:[*†‡°¹²³⁴⁵⁶⁷⁸⁹⁰^~]+|\\(\\s*(?:\\*+|\\d)\\s*\\))\\s*(?:[A-Za-zÀ-ÿ]|\\d+(?:[.,]\\d+)?\\s*%\\s*[A-Za-zÀ-ÿ]))',
    '\\s*[([]?\\s*(\\d+(?:[.,]\\d+)?)\\s*(%|ppm)\\s*(?:w\\/w|w\\/v|v\\/v)?\\s*[)\\]]?',
    '\\s*[([]\\s*nano\\s*[)\\]]|\\bnano\\b\\s*$',
  ].map((source) => ({ file: 'src/modules/analysis/engine/parse.ts', source, reason: ENTRY })),
  {
    file: 'src/modules/analysis/engine/parse.ts',
    source: '(?:^|\\n)\\s*\\d{1,3}$',
    reason: 'reads the 7 characters before a full stop (periodsAsSeparators: text.slice(offset - 6, offset + 1))',
  },
  {
    file: 'src/modules/product/product-text-search.service.ts',
    source: '^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}%+]+$',
    reason:
      "reads the words of a product's search document that matched, one word each, as the search index split them",
  },
  ...[
    '^\\s*(\\(?\\s*select|with\\b|show|explain|begin|start\\s+transaction|commit|rollback|savepoint|release|set\\s|reset\\s)',
    '^\\s*(\\(?\\s*select|with)\\b',
  ].map((source) => ({
    file: 'src/platform/request-store.ts',
    source,
    reason: 'reads the SQL statements the service itself sends (MikroORM and ours), never client text',
  })),
];

const key = (file: string, source: string): string => `${file} /${source}/`;

/** What scslre reports of a pattern: one line per report, empty when it is linear. */
function reportsOf(r: RegexSource): string[] {
  const result = analyse(
    { source: r.source, flags: r.flags },
    { reportTypes: { Move: true, Self: true, Trade: true }, maxReports: 5 },
  );
  return result.reports.map(
    (report) =>
      `${report.type}${report.exponential ? ' (exponential)' : ''} on a run of ${JSON.stringify(report.character.pick)}`,
  );
}

describe('every regular expression of src/ reads its text in linear time', () => {
  const { found, unread } = regexesUnder(join(root, 'src'), root);
  const allowed = new Map(ALLOWED.map((a) => [key(a.file, a.source), a]));

  it('finds the patterns: regex literals and every new RegExp built from constants', () => {
    expect(found.length).toBeGreaterThan(400);
    // A pattern built from something else (a parameter, user text) cannot be checked here: build it from constants.
    expect(unread).toEqual([]);
  });

  it('no pattern backtracks super-linearly or is tried at every place of a run, unless its entry says why', () => {
    const flagged: string[] = [];
    for (const r of found) {
      const reports = reportsOf(r);
      if (reports.length && !allowed.has(key(r.at.replace(/:\d+$/, ''), r.source)))
        flagged.push(`${r.at} /${r.source}/${r.flags}: ${reports.join('; ')}`);
    }
    expect(flagged).toEqual([]);
  });

  it('each allowed pattern is still in the source, still flagged, and has its reason', () => {
    const stale: string[] = [];
    for (const a of ALLOWED) {
      const here = found.filter((r) => r.at.replace(/:\d+$/, '') === a.file && r.source === a.source);
      if (!here.length || here.every((r) => !reportsOf(r).length)) stale.push(key(a.file, a.source));
      expect(a.reason.length).toBeGreaterThan(40);
    }
    expect(stale).toEqual([]);
  });

  it('the analyser catches the attack the issue found, and passes its rewrite', () => {
    // kit-parts.ts before issue 37: three \s* between optional groups split a run of line breaks n³ ways.
    const before = {
      at: 'issue 37',
      source: "(\\p{L}[\\p{L}\\p{N}_'’&+ -]{1,40}?)\\s*(?:\\([^)\\n]{1,24}\\))?\\s*(?:\\bingredients?\\b)?\\s*:\\s*",
      flags: 'iuy',
    };
    expect(reportsOf(before).length).toBeGreaterThan(0);
    const now = found.filter((r) => r.at.startsWith('src/modules/analysis/engine/kit-parts.ts'));
    expect(now.length).toBeGreaterThan(5);
    expect(now.flatMap((r) => reportsOf(r))).toEqual([]);
  });
});
