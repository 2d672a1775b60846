// Every regular expression of the service's source, as the ReDoS check reads it: regex literals and
// `new RegExp(...)`/`RegExp(...)` whose pattern is built from constants of the same file, evaluated with the
// TypeScript compiler's syntax tree (no type checker: one file at a time, quick).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface RegexSource {
  /** `src/…/file.ts:line`. */
  at: string;
  source: string;
  flags: string;
}

export interface UnreadRegex {
  at: string;
  /** The expression as written, whose pattern could not be evaluated from constants. */
  text: string;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const UNKNOWN = Symbol('unknown');
type Value = string | number | string[] | RegExpValue | Record<string, unknown> | typeof UNKNOWN;
interface RegExpValue {
  regex: true;
  source: string;
  flags: string;
}

/** The regular expressions of one file, and those whose pattern is not made of the file's constants. */
export function regexesOf(file: string, root: string): { found: RegexSource[]; unread: UnreadRegex[] } {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const consts = new Map<string, ts.Expression>();
  const collectConsts = (node: ts.Node): void => {
    if (ts.isVariableStatement(node) && node.declarationList.flags & ts.NodeFlags.Const)
      for (const d of node.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.initializer) consts.set(d.name.text, d.initializer);
    ts.forEachChild(node, collectConsts);
  };
  collectConsts(sf);
  const where = (node: ts.Node) =>
    `${relative(root, file)}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;

  const evaluate = (node: ts.Expression, depth = 0): Value => {
    if (depth > 20) return UNKNOWN;
    const next = (e: ts.Expression) => evaluate(e, depth + 1);
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
      return next(node.expression);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node)) return Number(node.text);
    if (ts.isRegularExpressionLiteral(node)) {
      const slash = node.text.lastIndexOf('/');
      return { regex: true, source: node.text.slice(1, slash), flags: node.text.slice(slash + 1) };
    }
    if (ts.isTemplateExpression(node)) {
      let out = node.head.text;
      for (const span of node.templateSpans) {
        const v = next(span.expression);
        if (typeof v !== 'string' && typeof v !== 'number') return UNKNOWN;
        out += String(v) + span.literal.text;
      }
      return out;
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(sf) === 'String.raw') {
      const t = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(t)) return t.rawText ?? t.text;
      let out = t.head.rawText ?? t.head.text;
      for (const span of t.templateSpans) {
        const v = next(span.expression);
        if (typeof v !== 'string' && typeof v !== 'number') return UNKNOWN;
        out += String(v) + (span.literal.rawText ?? span.literal.text);
      }
      return out;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const a = next(node.left);
      const b = next(node.right);
      return (typeof a === 'string' || typeof a === 'number') && (typeof b === 'string' || typeof b === 'number')
        ? `${a}${b}`
        : UNKNOWN;
    }
    if (ts.isIdentifier(node)) {
      const init = consts.get(node.text);
      return init ? next(init) : UNKNOWN;
    }
    if (ts.isArrayLiteralExpression(node)) {
      const items = node.elements.map((e) => next(e));
      return items.every((i) => typeof i === 'string') ? (items as string[]) : UNKNOWN;
    }
    if (ts.isObjectLiteralExpression(node)) {
      const keys: Record<string, unknown> = {};
      for (const p of node.properties) {
        if (!p.name || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) return UNKNOWN;
        keys[p.name.text] = true;
      }
      return keys;
    }
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'source') {
      const v = next(node.expression);
      return typeof v === 'object' && v !== null && 'regex' in v ? (v as RegExpValue).source : UNKNOWN;
    }
    if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
      if (ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
        const [p, f] = node.arguments ?? [];
        const source = p ? next(p) : UNKNOWN;
        const flags = f ? next(f) : '';
        if (typeof flags !== 'string') return UNKNOWN;
        if (typeof source === 'string') return { regex: true, source, flags };
        return UNKNOWN;
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const target = node.expression.expression;
        const args = node.arguments.map((a) => next(a));
        // Object.keys({...})
        if (method === 'keys' && target.getText(sf) === 'Object') {
          const o = args[0];
          return typeof o === 'object' && o !== null && !Array.isArray(o) && !('regex' in o) ? Object.keys(o) : UNKNOWN;
        }
        const t = next(target);
        if (method === 'join' && Array.isArray(t) && typeof (args[0] ?? ',') === 'string')
          return t.join((args[0] as string | undefined) ?? ',');
        if (method === 'replace' && typeof t === 'string' && typeof args[0] === 'string' && typeof args[1] === 'string')
          return t.replace(args[0], args[1]);
      }
    }
    return UNKNOWN;
  };

  const found: RegexSource[] = [];
  const unread: UnreadRegex[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const slash = node.text.lastIndexOf('/');
      found.push({ at: where(node), source: node.text.slice(1, slash), flags: node.text.slice(slash + 1) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const v = evaluate(node);
      if (typeof v === 'object' && v !== null && 'regex' in v)
        found.push({ at: where(node), source: (v as RegExpValue).source, flags: (v as RegExpValue).flags });
      else unread.push({ at: where(node), text: node.getText(sf).replace(/\s+/g, ' ').slice(0, 160) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { found, unread };
}

/** The regular expressions of every `.ts` file under `dir`. */
export function regexesUnder(dir: string, root: string): { found: RegexSource[]; unread: UnreadRegex[] } {
  const found: RegexSource[] = [];
  const unread: UnreadRegex[] = [];
  for (const file of tsFiles(dir).sort()) {
    const r = regexesOf(file, root);
    found.push(...r.found);
    unread.push(...r.unread);
  }
  return { found, unread };
}
