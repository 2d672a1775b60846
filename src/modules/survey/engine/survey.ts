// The intake survey as plain data: checking the authored file, checking an answer, and what the
// answers write into a skin profile. Pure: no ORM, GraphQL or HTTP.

export type QuestionKind = 'single' | 'multiple';

/** Skin-profile fields a question may feed, and the stored profile's key for each. */
export const PROFILE_FIELDS = {
  skin_type: 'skinType',
  concerns: 'concerns',
  pregnant: 'pregnant',
  sensitivities: 'sensitivities',
  goals: 'goals',
  climate: 'climate',
  age_range: 'ageRange',
  routine_experience: 'routineExperience',
} as const;
export type ProfileField = keyof typeof PROFILE_FIELDS;

export interface SurveyOption {
  value: string;
  label: string;
  /** What the profile gets when it is not `value` (e.g. pregnancy answers → true/false). */
  profile?: string | boolean;
  exclusive?: boolean;
}

export interface SurveyQuestionDef {
  id: string;
  text: string;
  kind: QuestionKind;
  feeds: ProfileField;
  answers: SurveyOption[];
}

export interface SurveyDef {
  id: string;
  title: string;
  questions: SurveyQuestionDef[];
}

/** Checks the authored survey; throws naming the first problem. */
export function checkSurvey(raw: unknown): SurveyDef {
  const survey = raw as SurveyDef;
  if (!survey || typeof survey.id !== 'string' || typeof survey.title !== 'string' || !Array.isArray(survey.questions))
    throw new Error('survey: needs id, title and questions');
  const ids = new Set<string>();
  const fed = new Set<string>();
  for (const q of survey.questions) {
    const where = `survey question ${JSON.stringify(q?.id)}`;
    if (typeof q.id !== 'string' || !/^[a-z0-9_]+$/.test(q.id)) throw new Error(`${where}: id must be [a-z0-9_]+`);
    if (ids.has(q.id)) throw new Error(`${where}: id used twice`);
    ids.add(q.id);
    if (typeof q.text !== 'string' || !q.text) throw new Error(`${where}: no text`);
    if (q.kind !== 'single' && q.kind !== 'multiple') throw new Error(`${where}: kind must be single or multiple`);
    if (!(q.feeds in PROFILE_FIELDS))
      throw new Error(`${where}: feeds must be one of ${Object.keys(PROFILE_FIELDS).join(', ')}`);
    if (fed.has(q.feeds)) throw new Error(`${where}: ${q.feeds} is fed by another question`);
    fed.add(q.feeds);
    if (!Array.isArray(q.answers) || q.answers.length < 2) throw new Error(`${where}: needs at least two answers`);
    const values = new Set<string>();
    for (const a of q.answers) {
      a.value = String(a.value);
      if (!/^[a-z0-9_]+$/.test(a.value) || values.has(a.value))
        throw new Error(`${where}: answer ${JSON.stringify(a.value)} is not a unique [a-z0-9_]+ value`);
      values.add(a.value);
      if (typeof a.label !== 'string' || !a.label) throw new Error(`${where}: answer ${a.value} has no label`);
    }
    if (q.feeds === 'pregnant' && q.answers.some((a) => typeof a.profile !== 'boolean'))
      throw new Error(`${where}: answers feeding pregnant need profile: true or false`);
  }
  return survey;
}

/** The answers to one question, checked against its allowed answers: an error message, or the values (deduplicated, in the question's order). */
export function checkAnswer(question: SurveyQuestionDef, given: string[]): { values: string[] } | { error: string } {
  const allowed = new Map(question.answers.map((a) => [a.value, a]));
  const unknown = given.filter((v) => !allowed.has(v));
  if (unknown.length)
    return { error: `"${unknown[0]}" is not an answer to ${question.id}: one of ${[...allowed.keys()].join(', ')}` };
  const chosen = new Set(given);
  const values = question.answers.filter((a) => chosen.has(a.value)).map((a) => a.value);
  if (values.length === 0) return { error: `${question.id} needs an answer` };
  if (question.kind === 'single' && values.length > 1) return { error: `${question.id} takes exactly one answer` };
  const exclusive = question.answers.find((a) => a.exclusive && chosen.has(a.value));
  if (exclusive && values.length > 1)
    return { error: `"${exclusive.value}" cannot be combined with other answers to ${question.id}` };
  return { values };
}

export type ProfilePatch = Partial<Record<(typeof PROFILE_FIELDS)[ProfileField], string | string[] | boolean | null>>;

/** What answers write into the skin profile: single → a value, multiple → a list (exclusive answers such as "none" → []). */
export function profilePatch(question: SurveyQuestionDef, values: string[]): ProfilePatch {
  const key = PROFILE_FIELDS[question.feeds];
  const options = question.answers.filter((a) => values.includes(a.value));
  const fed = options.filter((a) => !a.exclusive).map((a) => a.profile ?? a.value);
  if (question.kind === 'single') return { [key]: fed[0] ?? null };
  return { [key]: fed.map(String) };
}

const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(Array.isArray(a) ? [...a].map(String).sort() : (a ?? null)) ===
  JSON.stringify(Array.isArray(b) ? [...b].map(String).sort() : (b ?? null));

/**
 * What resetting the survey writes: every field the survey fed back to unknown. Given the stored
 * answers and the profile, only the fields still holding what an answer fed: a skin type or
 * concerns set since through PATCH /users/:id/skin_profile (or never from the survey) are the
 * person's, not the survey's, and stay.
 */
export function clearedPatch(
  survey: SurveyDef,
  answered?: { answers: ReadonlyMap<string, string[]>; profile: Record<string, unknown> | null | undefined },
): ProfilePatch {
  const patch: ProfilePatch = {};
  for (const q of survey.questions) {
    const key = PROFILE_FIELDS[q.feeds];
    if (answered) {
      const values = answered.answers.get(q.id);
      if (!values || !sameValue(answered.profile?.[key], profilePatch(q, values)[key])) continue;
    }
    patch[key] = q.feeds === 'pregnant' ? false : q.kind === 'multiple' ? [] : null;
  }
  return patch;
}

/**
 * The answers a skin profile set some other way (PATCH /my/user/skin_profile) implies for a
 * question the user has not answered in the survey; null when it implies none. Defaults are not
 * answers: an empty list and pregnant=false are what an untouched profile holds too.
 */
export function answersFromProfile(
  question: SurveyQuestionDef,
  profile: Record<string, unknown> | null | undefined,
): string[] | null {
  const stored = profile?.[PROFILE_FIELDS[question.feeds]];
  if (stored == null || stored === false) return null;
  const fedBy = (a: SurveyOption) => String(a.profile ?? a.value);
  if (question.kind === 'single') {
    const option = question.answers.find((a) => !a.exclusive && fedBy(a) === String(stored));
    return option ? [option.value] : null;
  }
  if (!Array.isArray(stored) || stored.length === 0) return null;
  const wanted = new Set(stored.map(String));
  const values = question.answers.filter((a) => !a.exclusive && wanted.has(fedBy(a))).map((a) => a.value);
  return values.length ? values : null;
}
