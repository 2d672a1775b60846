// Quick check of data/ingredients/*.yaml for authors: node scripts/check-ingredient-data.mjs [file...]
// The full validation lives in test/ingredient-data.test.ts; this one needs no build.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';

const vocab = YAML.parse(readFileSync('data/vocabulary.yaml', 'utf8'));
const dir = 'data/ingredients';
const files = process.argv.slice(2).length ? process.argv.slice(2) : readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => join(dir, f));
const slug = (s) => s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const names = new Map();
const aliases = new Map();
let problems = 0;
let count = 0;
const complain = (file, entry, msg) => { problems++; console.log(`${file}: ${entry?.inci ?? '?'}: ${msg}`); };
for (const file of files) {
  let list;
  try { list = YAML.parse(readFileSync(file, 'utf8')); } catch (e) { console.log(`${file}: YAML error: ${e.message}`); problems++; continue; }
  if (!Array.isArray(list)) { console.log(`${file}: not a list`); problems++; continue; }
  for (const e of list) {
    count++;
    if (!e.inci || typeof e.inci !== 'string') { complain(file, e, 'no inci'); continue; }
    const alias = e.alias ?? slug(e.inci);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(alias)) complain(file, e, `bad alias ${alias}`);
    if (aliases.has(alias)) complain(file, e, `alias ${alias} also in ${aliases.get(alias)}`);
    aliases.set(alias, `${file}:${e.inci}`);
    for (const n of [e.inci, ...(e.other_names ?? [])]) {
      const k = String(n).toLowerCase().trim();
      if (names.has(k) && names.get(k) !== e.inci) complain(file, e, `name "${n}" also belongs to ${names.get(k)}`);
      else if (names.has(k) && n !== e.inci) complain(file, e, `name "${n}" repeated`);
      names.set(k, e.inci);
    }
    for (const key of ['functions', 'effects', 'flags', 'groups']) {
      const v = e[key] ?? [];
      if (!Array.isArray(v)) { complain(file, e, `${key} not a list`); continue; }
      for (const x of v) if (!(x in vocab[key])) complain(file, e, `unknown ${key} value ${x}`);
    }
    if (!(e.functions ?? []).length) complain(file, e, 'no functions');
    for (const r of ['comedogenic', 'irritancy']) {
      const v = e[r];
      if (v != null && !(Number.isInteger(v) && v >= 0 && v <= 5)) complain(file, e, `${r} out of range`);
      if (v != null && !e.rating_source) complain(file, e, `${r} without rating_source`);
    }
    if (!e.description || e.description.length < 20) complain(file, e, 'description missing or too short');
  }
}
console.log(`${count} entries, ${aliases.size} aliases, ${problems} problems`);
process.exit(problems ? 1 : 0);
