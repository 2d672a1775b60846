// The planner's knowledge, read once per process: the routine rules (shared with routine compatibility, so the
// planner states no conflict the rules do not) and the 26 invariants of data/plan-invariants.yaml.
import { readYaml } from '../knowledge/yaml-data.js';
import { loadRoutineRules } from '../routine/routine-rules.js';
import { parseInvariants } from './engine/checks.js';
import type { PlanKnowledge } from './engine/types.js';

let knowledge: PlanKnowledge | null = null;

export function loadPlanKnowledge(): PlanKnowledge {
  knowledge ??= { ruleSet: loadRoutineRules(), invariants: parseInvariants(readYaml<unknown>('plan-invariants.yaml')) };
  return knowledge;
}
