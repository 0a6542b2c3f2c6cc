/**
 * A bank short of credits names its credits and the impact's acres in its reasons; everything else
 * in its cell is the same for every impact of a class. Expanded once with marks no bank lists and
 * no impact asks for, the cell is kept as UTF-8 around them, and ReasonCells writes each row's
 * figures into the gaps.
 */
import { type Candidate, type CompactRanking, expandRanked } from '../siting/index.ts';
import { reasonsCell } from './reasonsCell.ts';

/** Replacement acres no impact asks for (over 10,000 square kilometres), marking where a cell names them. */
const ACRES_MARK = 2_718_281.828;
const ACRES_MARK_TEXT = String(ACRES_MARK);
/**
 * Credits no bank lists, below ACRES_MARK (a short bank's are below the acres), marking where a
 * cell names them.
 */
const CREDITS_MARK = 1_414_213.562;
const CREDITS_MARK_TEXT = String(CREDITS_MARK);

/** A short bank's cell as UTF-8 around where its credits and the impact's acres go. */
export interface ShortTemplate {
  head: Buffer;
  middle: Buffer;
  tail: Buffer;
  /** Whether the credits come before the acres. */
  creditsFirst: boolean;
}

/**
 * The row at `position` (of the site at `index`, a bank short of credits) expanded with the marks
 * for its credits and the acres, split around them; null unless each mark is written once.
 */
export function shortTemplate(
  ranking: CompactRanking,
  position: number,
  index: number,
  scratch: Candidate[],
): ShortTemplate | null {
  const { scenario } = ranking.source;
  // `scratch` is a copy of the ranking's candidates, the bank marked in it for this expansion only.
  scratch[index] = { ...(scenario.candidates[index] as Candidate), availableCredits: CREDITS_MARK };
  const marked: CompactRanking = {
    ...ranking,
    requirement: { ...ranking.requirement, replacementAcres: ACRES_MARK },
    source: {
      ...ranking.source,
      exactReplacementAcres: ACRES_MARK,
      // The lower ratio's acres too: a note that compares the credits with them (an unknown area
      // class) then names the mark twice and is expanded in full, never templated.
      exactLowestAcres: ACRES_MARK,
      scenario: { ...scenario, candidates: scratch },
    },
  };
  let text: string;
  try {
    text = reasonsCell(expandRanked(marked, position).reasons);
  } finally {
    scratch[index] = scenario.candidates[index] as Candidate;
  }
  // Once each, in the note alone: else a mark might stand for something else.
  const credits = text.indexOf(CREDITS_MARK_TEXT);
  const acres = text.indexOf(ACRES_MARK_TEXT);
  if (credits === -1 || acres === -1) return null;
  if (text.indexOf(CREDITS_MARK_TEXT, credits + 1) !== -1 || text.indexOf(ACRES_MARK_TEXT, acres + 1) !== -1)
    return null;
  const creditsFirst = credits < acres;
  const [first, firstText, second, secondText] = creditsFirst
    ? [credits, CREDITS_MARK_TEXT, acres, ACRES_MARK_TEXT]
    : [acres, ACRES_MARK_TEXT, credits, CREDITS_MARK_TEXT];
  return {
    head: Buffer.from(text.slice(0, first), 'utf8'),
    middle: Buffer.from(text.slice(first + firstText.length, second), 'utf8'),
    tail: Buffer.from(text.slice(second + secondText.length), 'utf8'),
    creditsFirst,
  };
}
