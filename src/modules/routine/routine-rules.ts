// The compatibility rules of data/routine-rules.yaml, checked against the vocabulary once per process.
import { readYaml } from '../knowledge/yaml-data.js';
import { loadVocabulary } from '../ingredient/vocabulary.js';
import { parseRules, type RuleSet } from './engine/compatibility.js';

let rules: RuleSet | null = null;

export function loadRoutineRules(): RuleSet {
  if (!rules) {
    const vocabulary = loadVocabulary();
    rules = parseRules(readYaml<unknown>('routine-rules.yaml'), {
      groups: Object.keys(vocabulary.groups),
      flags: Object.keys(vocabulary.flags),
      effects: Object.keys(vocabulary.effects),
    });
  }
  return rules;
}
