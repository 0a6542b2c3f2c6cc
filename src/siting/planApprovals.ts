/**
 * The approvals a withdrawal application may rest on (issue 37), apart from the pool rules so the
 * page's stored draft can check them without loading the engine. Pure.
 */
export const PLAN_APPROVALS = ['wca', 'wca-and-404'] as const;
export type PlanApproval = (typeof PLAN_APPROVALS)[number];

export const PLAN_APPROVAL_WORDS: Record<PlanApproval, string> = {
  wca: 'WCA replacement plan decision',
  'wca-and-404': 'WCA replacement plan decision and Section 404 permit',
};

/** Credits (acres) to withdraw from one pool, by its key (`source#row`). */
export interface PoolChoice {
  key: string;
  credits: number;
}
