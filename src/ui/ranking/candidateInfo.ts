/**
 * What the page knows about a candidate beyond what the engine ranks: its name, where it came
 * from, its registry status and credits. Built by useSitingResults, read by the ranking tables.
 */

/** What the page knows about a candidate beyond what the engine ranks. */
export interface CandidateInfo {
  name: string;
  origin: 'bank layer' | 'your site';
  status: string | null;
  availableCredits: number | null;
}
