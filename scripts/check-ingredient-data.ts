// While authoring data/ingredients/*.yaml: npm run check:data
import { loadIngredientRecords } from '../src/seeders/knowledge-base.js';
import { validateKnowledgeBase, type Vocabulary } from '../src/seeders/validate-knowledge-base.js';
import { readYaml } from '../src/seeders/yaml-data.js';

const records = loadIngredientRecords();
const problems = validateKnowledgeBase(records, readYaml<Vocabulary>('vocabulary.yaml'));
for (const p of problems) console.log(p);
console.log(`${records.length} entries, ${problems.length} problems`);
process.exit(problems.length ? 1 : 0);
