// The planner's inputs and answer as plain data (issue 41; research §4.2-4.3). The service fills the
// inputs from the ORM (shelf rows, catalog candidates, offers, the person's profile); the engine
// never reads a database, a clock or a random source, so the same inputs give the same plan.
import type { EngineIngredient, RuleSet } from '../../routine/engine/compatibility.js';

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export const WEEKDAYS: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
export type PartOfDay = 'morning' | 'evening';
export type Pregnancy = 'pregnant' | 'trying' | 'breastfeeding' | 'no';

/** An ingredient as the analysis reads it in this product (dosedIngredients): `significant` is Dose.significant. */
export interface PlanIngredient extends EngineIngredient {
  significant: boolean;
}

export interface PlanOffer {
  retailer: string;
  url: string | null;
  price: number | null;
  currency: string | null;
  /** False for an offer the feed marked out of stock or expired. */
  live: boolean;
}

export interface PlanProduct {
  id: string;
  name: string;
  brand: string | null;
  /** The category's step type (cleanse, tone, exfoliate, treat, eye, mask, moisturise, protect), when known. */
  stepType: string | null;
  use: 'leave_on' | 'rinse_off';
  /** "May contain" entries left out; in label order. */
  ingredients: PlanIngredient[];
  /** The SPF the label states (read by the one SPF reader shared with search and analysis); null when none is readable. */
  spf: number | null;
  /** True when the label says "broad spectrum" (a US term; other markets print other UVA marks). */
  broadSpectrum?: boolean;
  /** Net content in grams or millilitres; null when unknown (then cost per month is unknown). */
  size: number | null;
  /** What the analysis could not read: such a product is not safe by default. */
  reading: {
    unreadEntries: number;
    /** Actives the label names outside its ingredient list ("contains 2 % salicylic acid"). */
    activesOutsideList: string[];
    /** A list whose order says nothing about amounts (alphabetical drug-facts inactive lists). */
    unordered: boolean;
  };
  offers: PlanOffer[];
}

export type ShelfStatus = 'unopened' | 'in_use' | 'finished' | 'set_aside';

export interface PlanShelfItem {
  itemId: string;
  product: PlanProduct;
  status: ShelfStatus;
  /** Used without trouble for 4 weeks or more: skips ramps and patch tests. */
  tolerated: boolean;
  /** In one of the person's current routines (then not new to them). */
  inCurrentRoutine: boolean;
  /** Past its period after opening (the service works it out from opened_on). */
  expired: boolean;
}

export interface PlanPrescribed {
  /** The shelf product the prescriber set. */
  productId: string;
  days: Weekday[];
  timeOfDay: PartOfDay;
}

export interface PlanProfile {
  age: number | null;
  skinType: 'oily' | 'dry' | 'combination' | 'normal' | 'sensitive' | null;
  concerns: string[];
  pregnancy: Pregnancy;
  /** Declared medicines that change the rules ("oral_isotretinoin"). */
  taking: string[];
  climate: 'humid' | 'dry' | 'temperate' | 'cold' | 'changing' | null;
  experience: 'none' | 'beginner' | 'intermediate' | 'advanced' | null;
  /** Ingredients the person marked negative, with their names. */
  negativeIngredientIds: string[];
  /** Medium- or high-confidence suspects of the reaction detective. */
  suspectIngredientIds: string[];
  /** Ingredients of the survey's sensitivities (SENSITIVITY_TRIGGERS), resolved by the service. */
  sensitivityIngredientIds: string[];
  /** Conditions that are a clinician's, not a planner's. */
  acne?: 'mild' | 'moderate' | 'severe' | 'scarring' | null;
  suspectedAllergy?: boolean;
  /** A flare that has not settled. */
  unsettledFlare?: boolean;
}

export interface PlanBudget {
  amount: number;
  currency: string;
  period: 'once' | 'month';
}

/** Reference exchange rates: units of each currency per one unit of the base (ECB: per euro). */
export interface PlanRates {
  date: string;
  rates: Record<string, number>;
}

export interface PlanRequest {
  shelf: PlanShelfItem[];
  /** Catalog products that could fill a slot (the service's candidate read); ignored with buy = shelf_only. */
  catalog: PlanProduct[];
  profile: PlanProfile;
  /** Priority order; empty: the profile's concerns. */
  goals: string[];
  steps: { morningMax: number; eveningMax: number };
  budget: PlanBudget | null;
  buy: 'within_budget' | 'shelf_only';
  startOn: string;
  horizonWeeks: number;
  prescribed: PlanPrescribed[];
  excludeProducts: string[];
  excludeBrands: string[];
  rates: PlanRates;
  /** On a re-plan: the plan it replaces, so steps it does not have to change stay where they were. */
  previous?: PlanAnswer | null;
}

export interface PlanKnowledge {
  ruleSet: RuleSet;
  invariants: InvariantDefinition[];
}

export interface InvariantDefinition {
  id: string;
  group: string;
  text: string;
  source: string;
}

// ---------------------------------------------------------------------------------------------
// The answer

export type ReasonSource =
  | 'shelf'
  | 'catalog'
  | 'rule'
  | 'invariant'
  | 'profile'
  | 'feeling'
  | 'reaction'
  | 'budget'
  | 'prescriber'
  | 'goal'
  | 'steps_limit'
  | 'reading';

export interface PlanReason {
  source: ReasonSource;
  text: string;
  /** A rule of data/routine-rules.yaml or an invariant id (I1-I26). */
  rule?: string;
  reference?: string;
}

export interface ProductRef {
  id: string;
  name: string;
  brand: string | null;
}

export interface PlannedStep {
  position: number;
  stepType: string;
  source: 'shelf' | 'catalog';
  product: ProductRef;
  /** What it does here: protect, cleanse, moisturise, retinoid, exfoliant, treat. */
  role: string;
  /** The first date it is used in full (after its patch test); null: from the start. */
  newFrom: string | null;
  spf: number | null;
  prescribed: boolean;
  reasons: PlanReason[];
}

export interface PlannedRoutine {
  key: string;
  timeOfDay: PartOfDay;
  name: string;
  steps: PlannedStep[];
}

export interface PlanPhase {
  from: string;
  to: string;
  mornings: Record<Weekday, string>;
  nights: Record<Weekday, string>;
  why: string;
}

export interface PlanIntroduction {
  product: ProductRef;
  patchTest: { from: string; to: string; how: string } | null;
  firstFullUse: string;
  why: string;
}

export interface PlanPurchase {
  product: ProductRef;
  for: string;
  offer: {
    retailer: string;
    url: string | null;
    price: number;
    currency: string;
    comparedPrice: number;
    comparedCurrency: string;
  };
  lastsDays: number | null;
  costPerMonth: number | null;
  reasons: PlanReason[];
}

export interface ProductNote {
  product: ProductRef;
  until?: 'after_pregnancy' | 'after_isotretinoin' | null;
  reasons: PlanReason[];
}

export interface UnmetConstraint {
  constraint: string;
  text: string;
  cheapestFix: { product: ProductRef | null; price: number | null; currency: string | null; text: string };
}

export interface PlanFinding {
  routine: string;
  rule: string;
  severity: 'high' | 'medium' | 'low';
  title: string;
  reason: string;
  reference: string;
}

export interface PlanCheck {
  invariant: string;
  passed: boolean;
  detail: string;
}

export interface PlanAttention {
  kind: 'referral' | 'prescriber' | 'reading' | 'sunscreen' | 'note';
  text: string;
}

export interface PlanAnswer {
  startOn: string;
  horizonWeeks: number;
  summary: string;
  routines: PlannedRoutine[];
  schedule: { phases: PlanPhase[]; missedNights: string };
  introductions: PlanIntroduction[];
  purchases: {
    items: PlanPurchase[];
    total: number;
    currency: string | null;
    budget: number | null;
    period: 'once' | 'month' | null;
    ratesDate: string;
    ratesNote: string;
  };
  costPerMonth: { amount: number; currency: string; unknownFor: ProductRef[] } | null;
  setAside: ProductNote[];
  notUsed: ProductNote[];
  unmet: UnmetConstraint[];
  findings: PlanFinding[];
  checks: PlanCheck[];
  attention: PlanAttention[];
}
