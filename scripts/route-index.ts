// Builds schema/routes.md: for every REST path, the files that serve it, so a newcomer can walk
// from a path to its named operation, resolver and service by names alone.
//
// Everything is derived from code, nothing is listed by hand: the route table
// (rest-mappings/routes.ts), the named operations (rest-mappings/*.graphql), type-graphql's
// metadata (root field → resolver class and method), a scan of src/ for the class's file, and
// the TypeScript compiler's syntax tree of that file for the module functions the method calls.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { getMetadataStorage } from 'type-graphql';
import ts from 'typescript';
import { routes as routeTable } from '../rest-mappings/routes.js';
import { mappingsDir } from '../src/rest/describe.js';
import { loadOperations } from '../src/rest/documents.js';
import type { RouteDefinition } from '../src/rest/types.js';
import { buildAppSchema } from '../src/schema.js';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const srcDir = join(root, 'src');
const modulesDir = join(srcDir, 'modules');
const repoPath = (file: string): string => relative(root, file).split('\\').join('/');

interface ResolverMethod {
  className: string;
  methodName: string;
  file: string | null;
}

/** Root field → resolver class and method, for queries and mutations, from type-graphql's metadata. */
function rootFieldResolvers(): Map<string, ResolverMethod> {
  const storage = getMetadataStorage();
  const found = new Map<string, ResolverMethod>();
  for (const [kind, list] of [
    ['query', storage.queries],
    ['mutation', storage.mutations],
  ] as const) {
    for (const m of list)
      found.set(`${kind} ${m.schemaName}`, { className: m.target.name, methodName: m.methodName, file: null });
  }
  return found;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations') sourceFiles(path, out);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file that declares each class (the first in path order when a name is declared twice). */
function classFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of sourceFiles(srcDir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/^(?:export\s+)?(?:abstract\s+)?class\s+([A-Za-z0-9_$]+)/gm)) {
      if (!files.has(m[1])) files.set(m[1], file);
    }
  }
  return files;
}

const parsed = new Map<string, ts.SourceFile>();
function parseFile(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source)
    parsed.set(file, (source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)));
  return source;
}

/** `./x.service.js` from a file → the .ts file it names, when it exists. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return null;
}

interface Imported {
  file: string;
  name: string;
  namespace: boolean;
}

/** Local name → the file and exported name it comes from, for a file's relative imports. */
function importsOf(source: ts.SourceFile): Map<string, Imported> {
  const imports = new Map<string, Imported>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    const file = resolveImport(source.fileName, statement.moduleSpecifier.text);
    if (!file) continue;
    if (clause.name) imports.set(clause.name.text, { file, name: 'default', namespace: false });
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings))
      imports.set(bindings.name.text, { file, name: '*', namespace: true });
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if (!element.isTypeOnly)
          imports.set(element.name.text, { file, name: (element.propertyName ?? element.name).text, namespace: false });
      }
    }
  }
  return imports;
}

/** Functions of the module folders a call may reach: not entities' or inputs' files, not classes. */
const isServiceCall = (file: string, name: string): boolean =>
  file.startsWith(modulesDir) && !/\.(entity|input|args|types?)\.ts$/.test(file) && /^[a-z]/.test(name);

/**
 * The module functions a method calls (file#function), following calls to functions of its own
 * file, so a resolver that delegates through a local helper still names the service behind it.
 */
function serviceCalls(file: string, className: string, methodName: string): string[] {
  const source = parseFile(file);
  const imports = importsOf(source);
  const localFunctions = new Map<string, ts.Node>();
  let method: ts.Node | undefined;
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body)
      localFunctions.set(statement.name.text, statement.body);
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (
          ts.isIdentifier(d.name) &&
          d.initializer &&
          (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))
        )
          localFunctions.set(d.name.text, d.initializer.body);
      }
    }
    if (ts.isClassDeclaration(statement) && statement.name?.text === className) {
      method = statement.members.find(
        (m) => ts.isMethodDeclaration(m) && m.name.getText(source) === methodName && m.body,
      );
    }
  }
  if (!method) return [];
  const calls = new Set<string>();
  const visited = new Set<ts.Node>();
  const record = (local: string, member?: string) => {
    const imported = imports.get(local);
    if (!imported) return;
    const name = imported.namespace ? member : imported.name;
    if (name && isServiceCall(imported.file, name)) calls.add(`${repoPath(imported.file)}#${name}`);
  };
  const walk = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee)) {
        const body = localFunctions.get(callee.text);
        if (body && !visited.has(body)) {
          visited.add(body);
          walk(body);
        } else record(callee.text);
      } else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
        record(callee.expression.text, callee.name.text);
      }
    }
    ts.forEachChild(node, walk);
  };
  walk(method);
  return [...calls].sort();
}

const code = (text: string): string => `\`${text}\``;

/** The markdown of schema/routes.md. */
export async function describeRouteFiles(routes: RouteDefinition[] = routeTable): Promise<string> {
  await buildAppSchema(); // fills type-graphql's metadata
  const operations = loadOperations(mappingsDir);
  const resolvers = rootFieldResolvers();
  const files = classFiles();
  const rows = routes.map((route) => {
    const op = operations.get(route.operation);
    if (!op) throw new Error(`${route.method} ${route.path}: operation ${route.operation} is not in rest-mappings/`);
    const kind = op.definition.operation;
    const fields = op.definition.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : []));
    const methods = fields.map((field) => {
      const found = resolvers.get(`${kind} ${field}`);
      if (!found) throw new Error(`${route.method} ${route.path}: no resolver method for ${kind} ${field}`);
      return { ...found, file: files.get(found.className) ?? null };
    });
    const resolverCell = methods
      .map(
        (m) => `${code(`${m.className}.${m.methodName}`)} in ${m.file ? code(repoPath(m.file)) : '(file not found)'}`,
      )
      .join('<br>');
    const services = methods.flatMap((m) => (m.file ? serviceCalls(m.file, m.className, m.methodName) : []));
    const serviceCell = services.length
      ? [...new Set(services)]
          .map((s) => {
            const [file, fn] = s.split('#');
            return `${code(fn)} in ${code(file)}`;
          })
          .join('<br>')
      : '(none)';
    return `| ${route.method} | ${code(route.path)} | ${code(route.operation)} | ${code(`rest-mappings/${op.file}`)} | ${fields.map((f) => code(`${kind} ${f}`)).join(', ')} | ${resolverCell} | ${serviceCell} |`;
  });
  return [
    '<!-- Generated from rest-mappings/ and the resolvers by `npm run generate` (scripts/route-index.ts). Do not edit. -->',
    '',
    '# REST routes and the code behind them',
    '',
    `Each of the ${routes.length} REST paths of rest-mappings/routes.ts, in the table's order: its named operation and the`,
    '`.graphql` file that holds it, the root field it selects, the resolver method type-graphql runs for that field,',
    'and the module functions that method calls (found in its syntax tree, also through helper functions of its own file).',
    '',
    '| Method | Path | Operation | Document | Root field | Resolver | Calls |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
