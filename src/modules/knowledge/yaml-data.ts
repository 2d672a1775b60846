// Reads the knowledge files we author under data/ (YAML): the ingredient knowledge base, rules,
// regulations, supergroups. Modules and seeders both read them, so the reader lives here, below both.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

/** The repository's data/ folder. */
export const dataDir = fileURLToPath(new URL('../../../data/', import.meta.url));

export function readYaml<T>(relativePath: string): T {
  return YAML.parse(readFileSync(join(dataDir, relativePath), 'utf8')) as T;
}

/** Every YAML list in a data sub-folder, concatenated in file-name order. */
export function readYamlLists<T>(relativeDir: string): Array<T & { file: string }> {
  const dir = join(dataDir, relativeDir);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
    .sort()
    .flatMap((file) =>
      ((YAML.parse(readFileSync(join(dir, file), 'utf8')) as T[]) ?? []).map((item) => ({ ...item, file })),
    );
}
