// While authoring data/ingredients/*.yaml: npm run check:data
import { loadAuthoredIngredients, loadLabelNames } from '../src/seeders/knowledge-base.js';
import { validateKnowledgeBase, type Vocabulary } from '../src/seeders/validate-knowledge-base.js';
import { readYaml } from '../src/modules/knowledge/yaml-data.js';

const records = loadAuthoredIngredients();
const labelNames = loadLabelNames();
const problems = validateKnowledgeBase(records, readYaml<Vocabulary>('vocabulary.yaml'), labelNames);
for (const p of problems) console.log(p);
const named = new Set(labelNames.map((e) => e.inci.toLowerCase()));
const inScript = (language: 'ko' | 'ja') =>
  new Set(labelNames.filter((e) => e[language]?.length).map((e) => e.inci.toLowerCase())).size;
console.log(
  `${records.length} entries, ${named.size} with label names (${inScript('ko')} in Korean, ${inScript('ja')} in Japanese), ${problems.length} problems`,
);
process.exit(problems.length ? 1 : 0);
