// Every example of README.md runs, so none drifts from the service: each `curl` of a fenced `sh` block
// (continuation lines joined, run in order, `TOKEN=$(npm run -s token -- NAME [--demo])` signing that
// person's token) is translated to a request on a test app and must answer 2xx; each fenced `graphql`
// block (what the README says to run in GraphiQL) must answer without errors.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from './helpers/app.js';

const README = readFileSync('README.md', 'utf8');

/** The fenced blocks of one language, in order. */
const fenced = (language: string): string[] =>
  [...README.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((m) => m[1]);

/** A command line split as the shell splits it: single and double quotes, backslash escapes, `#` comments. */
function shellWords(line: string, variables: Record<string, string> = {}): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (c === "'" || c === '"') {
      if (quote === c) quote = null;
      else if (quote) word += c;
      else {
        quote = c;
        word ??= '';
      }
    } else if (c === '\\') {
      word = (word ?? '') + line[++i];
    } else if (c === '$' && /[A-Z_]/.test(line[i + 1] ?? '')) {
      const name = /^[A-Z_][A-Z0-9_]*/.exec(line.slice(i + 1))![0];
      if (!(name in variables)) throw new Error(`README: $${name} is not set in this block: ${line}`);
      word = (word ?? '') + variables[name];
      i += name.length;
    } else if (!quote && /\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (!quote && c === '#' && word === null) {
      break;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote) throw new Error(`README: unclosed quote in ${line}`);
  if (word !== null) words.push(word);
  return words;
}

interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request a curl command line sends (the options the README uses; any other is refused). */
function curlRequest(words: string[]): CurlRequest {
  const request: CurlRequest = { method: '', url: '', headers: {} };
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (word === '-X' || word === '--request') request.method = words[++i];
    else if (word === '-H' || word === '--header') {
      const [name, ...value] = words[++i].split(':');
      request.headers[name.trim().toLowerCase()] = value.join(':').trim();
    } else if (word === '-d' || word === '--data' || word === '--data-raw') request.body = words[++i];
    else if (word === '-s' || word === '-i' || word === '-sS') continue;
    else if (word.startsWith('-')) throw new Error(`README: curl option ${word} is not translated here`);
    else request.url = word;
  }
  request.method ||= request.body === undefined ? 'GET' : 'POST';
  const url = new URL(request.url);
  expect(url.origin).toBe('http://127.0.0.1:3000');
  request.url = url.pathname + url.search;
  return request;
}

/** Whether a line of shell leaves a quote open (single quotes take everything; a backslash escapes outside them). */
function openQuote(line: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === "'") {
      if (c === "'") quote = null;
    } else if (c === '\\') i++;
    else if (c === quote) quote = null;
    else if (!quote && (c === "'" || c === '"')) quote = c;
    else if (!quote && c === '#' && /(^|\s)$/.test(line.slice(0, i))) break;
  }
  return quote !== null;
}

/** The `sh` blocks' curl commands, continuation lines joined, with the token variables each block sets. */
function curlCommands(): Array<{ line: string; token?: { username: string; demo: boolean } }> {
  const commands: Array<{ line: string; token?: { username: string; demo: boolean } }> = [];
  for (const block of fenced('sh')) {
    let token: { username: string; demo: boolean } | undefined;
    // A quote left open at a line's end goes on to the next line, as in the shell (a JSON body over lines).
    const lines: string[] = [];
    for (const line of block.replace(/\\\n\s*/g, ' ').split('\n')) {
      const last = lines.at(-1);
      if (last !== undefined && openQuote(last)) lines[lines.length - 1] = `${last}\n${line}`;
      else lines.push(line);
    }
    for (const line of lines) {
      const signed = /^TOKEN=\$\(npm run -s token -- (\S+)( --demo)?\)/.exec(line);
      if (signed) token = { username: signed[1], demo: Boolean(signed[2]) };
      else if (/^curl /.test(line)) commands.push({ line, token });
    }
  }
  return commands;
}

describe('shellWords and curlRequest', () => {
  it('split quotes, escapes and comments as the shell does, and read the options the README uses', () => {
    expect(shellWords(`curl -H 'a: b' "x y" z\\ w # comment`)).toEqual(['curl', '-H', 'a: b', 'x y', 'z w']);
    expect(shellWords('echo "Bearer $TOKEN"', { TOKEN: 't' })).toEqual(['echo', 'Bearer t']);
    expect(() => shellWords('echo $NOPE')).toThrow(/NOPE/);
    expect(curlRequest(shellWords(`curl -X PUT 'http://127.0.0.1:3000/a?b=1&c=2' -d '{}'`))).toEqual({
      method: 'PUT',
      url: '/a?b=1&c=2',
      headers: {},
      body: '{}',
    });
    expect(() => curlRequest(['curl', '--form', 'x', 'http://127.0.0.1:3000/'])).toThrow(/--form/);
  });
});

describe('README examples', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has the main job in curl (REST and GraphQL, GET with its header) and in GraphiQL', () => {
    const lines = curlCommands().map((c) => c.line);
    expect(lines.length).toBeGreaterThanOrEqual(10);
    expect(lines.some((l) => l.includes('/analyze/ingredient_list'))).toBe(true);
    expect(lines.some((l) => l.includes('/graphql') && l.includes('analyzeIngredientList'))).toBe(true);
    expect(
      lines.some((l) => l.includes("'http://127.0.0.1:3000/graphql?query=") && l.includes('apollo-require-preflight')),
    ).toBe(true);
    expect(fenced('graphql').length).toBeGreaterThanOrEqual(1);
    // A URL holding `?` or `&` is quoted: the shell would read them.
    for (const line of lines) expect(line).not.toMatch(/\s(http:\/\/\S*[?&]\S*)/);
  });

  it('every curl example answers 2xx', async () => {
    const answers: Array<{ line: string; status: number; body: string }> = [];
    for (const { line, token } of curlCommands()) {
      const bearer = token
        ? await t.auth.sign({
            sub: `${token.demo ? 'demo' : 'dev'}|${token.username}`,
            preferred_username: token.username,
            name: token.username,
            email: `${token.username}@example.com`,
          })
        : undefined;
      const request = curlRequest(shellWords(line, bearer ? { TOKEN: bearer } : {}));
      const response = await t.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.body === undefined ? {} : { payload: request.body }),
      });
      answers.push({ line, status: response.statusCode, body: response.body.slice(0, 300) });
    }
    expect(answers.filter((a) => a.status < 200 || a.status > 299)).toEqual([]);
    // GraphQL reports its errors with a 200: none of the examples may have any.
    expect(answers.filter((a) => a.line.includes('/graphql') && a.body.includes('"errors"'))).toEqual([]);
  });

  it("every graphql block (GraphiQL's examples) answers without errors", async () => {
    for (const query of fenced('graphql')) {
      const response = await t.inject({ method: 'POST', url: '/graphql', payload: { query } });
      expect({ status: response.statusCode, errors: response.json().errors }).toEqual({
        status: 200,
        errors: undefined,
      });
    }
  });
});
