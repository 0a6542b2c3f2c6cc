/**
 * What a planner types into the withdrawal application (issue 37): the names, addresses and
 * decision the explorer cannot know, the approval the withdrawal rests on and the pools chosen
 * per bank. Kept in this device's storage and in the project file, never in the shareable link
 * (names and addresses are not for a URL that travels). Plain data and its reader; no React.
 */
import { PLAN_APPROVALS, type PlanApproval, type PoolChoice } from '../siting/planApprovals';

export const APPLICATION_TEXT_FIELDS = [
  'projectName',
  'projectPurpose',
  'applicantName',
  'applicantOrganization',
  'applicantStreet',
  'applicantCityStateZip',
  'applicantPhone',
  'applicantEmail',
  'lguName',
  'lguAddress',
  'lguRepresentative',
  'decisionNumber',
  'decisionDate',
] as const;
export type ApplicationTextField = (typeof APPLICATION_TEXT_FIELDS)[number];

export interface ApplicationDraft {
  text: Record<ApplicationTextField, string>;
  plan: PlanApproval;
  /** Pools and credits the planner chose, by bank (candidate id); a bank not here takes the default fill. */
  choices: Record<string, PoolChoice[]>;
  /** The bank whose application was prepared last (the report names it); null when none was. */
  preparedFor: string | null;
}

/** Longest text one field keeps. */
export const MAX_APPLICATION_TEXT = 500;

export function emptyApplicationDraft(): ApplicationDraft {
  return {
    text: Object.fromEntries(APPLICATION_TEXT_FIELDS.map((field) => [field, ''])) as ApplicationDraft['text'],
    plan: 'wca',
    choices: {},
    preparedFor: null,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A draft read back from storage or a project file: every field checked, the first wrong one
 * named. Text is kept as text (it is never read as HTML); control characters are dropped.
 */
export function readApplicationDraft(
  value: unknown,
  where = 'application',
): { ok: true; draft: ApplicationDraft } | { ok: false; error: string } {
  if (!isRecord(value)) return { ok: false, error: `"${where}" must be an object` };
  const draft = emptyApplicationDraft();
  const text = isRecord(value.text) ? value.text : {};
  for (const field of APPLICATION_TEXT_FIELDS) {
    const cell = text[field];
    if (cell === undefined) continue;
    if (typeof cell !== 'string') return { ok: false, error: `"${where}.text.${field}" must be text` };
    if (cell.length > MAX_APPLICATION_TEXT)
      return {
        ok: false,
        error: `"${where}.text.${field}" is longer than ${MAX_APPLICATION_TEXT} characters`,
      };
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
    draft.text[field] = cell.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '');
  }
  if (value.plan !== undefined) {
    if (!PLAN_APPROVALS.includes(value.plan as PlanApproval))
      return { ok: false, error: `"${where}.plan" must be one of ${PLAN_APPROVALS.join(', ')}` };
    draft.plan = value.plan as PlanApproval;
  }
  if (value.preparedFor !== undefined && value.preparedFor !== null) {
    if (typeof value.preparedFor !== 'string' || value.preparedFor.length > MAX_APPLICATION_TEXT)
      return { ok: false, error: `"${where}.preparedFor" must be a bank id` };
    draft.preparedFor = value.preparedFor;
  }
  if (value.choices !== undefined) {
    if (!isRecord(value.choices)) return { ok: false, error: `"${where}.choices" must be an object` };
    for (const [bank, list] of Object.entries(value.choices)) {
      const field = `${where}.choices.${bank}`;
      if (!Array.isArray(list)) return { ok: false, error: `"${field}" must be a list` };
      const choices: PoolChoice[] = [];
      for (const choice of list) {
        if (!isRecord(choice) || typeof choice.key !== 'string' || typeof choice.credits !== 'number')
          return { ok: false, error: `"${field}" must hold {key, credits}` };
        if (!Number.isFinite(choice.credits) || choice.credits < 0)
          return { ok: false, error: `"${field}" credits must be 0 or more` };
        choices.push({ key: choice.key, credits: choice.credits });
      }
      draft.choices[bank] = choices;
    }
  }
  return { ok: true, draft };
}
