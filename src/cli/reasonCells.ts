import { impactPartsOf } from '../siting/impactParts.ts';
import {
  type AreaClassOverride,
  type Candidate,
  type CompactRanking,
  expandRanked,
  GREAT_LAKES_AND_RAINY_MAJORS,
  hasLevelBoundary,
  hasNoCredits,
  LADDER_CODES,
  type Ladder,
  REASON_CODES,
  type RuleSet,
  roundApart,
} from '../siting/index.ts';
import { createUnitResolver } from '../siting/resolveUnits.ts';
import type { ResolvedUnits } from '../siting/types.ts';
import type { ChunkWriter } from './chunkWriter.ts';
import { impactFacts, keyPart, reasonKeyVetted, relation } from './reasonKey.ts';
import { reasonsCell } from './reasonsCell.ts';
import { type ShortTemplate, shortTemplate } from './shortTemplate.ts';

/**
 * Reason cells of a batch (one impact ranked against the same sites, impact after impact), built
 * once per distinct key instead of once per row, and shared by impacts of one class (impactFacts)
 * where the ids and figures the texts name agree (see pick). Within one impact, a row's reasons
 * are a function of what the statute's rules read of the site:
 *
 * - its own facts: kind, action, pretreatment, functioning as a wetland, bank application date,
 *   EIS identification and adequacy date, wetland type, bank status, area shares, whether it has
 *   a location; a bank's credits where it lists none (Minn. R. 8420.0745 names them); whether a
 *   bank lists fewer credits than the replacement acres, compared unrounded (subd. 3(e)(4) then
 *   names both figures, which its template leaves open: see pickTemplate);
 * - its resolved units: the bank service area, area class and its source (named in texts), whether
 *   the county is known (unlocated sites), whether the major watershed lies in the Great Lakes and
 *   Rainy River basins (subd. 1(a)); the minor, major and bank service area each compared with the
 *   impact's (unknown, same, another), which is all the priority texts say of them;
 * - whether it carries the next-level caveat (subd. 3(d)), the one reason the ranking adds, and
 *   whether that caveat says only pending banks stand above.
 *
 * A row whose site or impact lies on a boundary between units (Units.boundary) names the units it
 * touches: it is expanded, never shared (such places are few).
 *
 * Only for rule sets that run the statute's rule functions (reasonKeyVetted); with any other, every
 * row is expanded. test/unit/cli/reasonCells.test.ts checks the cells equal the expanded rows'
 * on random scenarios.
 */
export class ReasonCells {
  private readonly keyed: boolean;
  /**
   * Per site: its key class (never its credits), its credits (NaN: none, or not a bank), and
   * those as the credits note writes them.
   */
  private readonly plainClass: Int32Array;
  private readonly credits: Float64Array;
  private readonly creditsTexts: (Buffer | null)[];
  private readonly units: ResolvedUnits[];
  /** Per site: 1 when it lies on a boundary between units the order compares (rows expanded). */
  private readonly onBoundary: Uint8Array;
  /** Whether this impact lies on such a boundary (every row expanded). */
  private impactOnBoundary = false;
  private readonly memo = new Map<number, Buffer>();
  /** Cells across impacts, by signature (impact class and what the texts name) and key. */
  private readonly shared = new Map<number, Buffer>();
  /**
   * Cells of banks short of credits, split where the marks stood for the credits and acres, by
   * the same keys (see pickTemplate).
   */
  private readonly templates = new Map<number, ShortTemplate | null>();
  private readonly impactClasses = new Map<string, number>();
  private impactClass = 0;
  private readonly signatureIds = new Map<string, number>();
  /** This impact's signature by row mask (see wholeCell), -1 until a row needs it. */
  private readonly signatures = new Int32Array(128);
  /** One more than the largest key. */
  private keySpan = KEYS_PER_CLASS;
  private ranking: CompactRanking | null = null;
  /** The impact's replacement acres unrounded, as the engine compares credits with them. */
  private replacementAcres = 0;
  /** One ratio (the area class known): a short bank's note then names no second ratio, and may be templated. */
  private ratioCertain = true;
  /** The same rounded as shown. */
  private shownAcres = 0;
  /** The impact's replacement acres as the credits note writes them, encoded once per impact. */
  private acresText: Buffer = Buffer.alloc(0);
  /** The cell pick chose: one buffer, or (null) the template and credits below. */
  private picked: Buffer | null = null;
  private template: ShortTemplate | null = null;
  private shortCredits: Buffer | null = null;
  /** A copy of the candidates a template marks a bank in (see shortTemplate), and whose copy it is. */
  private marked: Candidate[] = [];
  private markedFrom: readonly Candidate[] | null = null;
  private impactUnits: ResolvedUnits | null = null;
  /** Rows expanded (misses) and rows answered from the memo, for the record. */
  expanded = 0;
  reused = 0;

  constructor(sites: readonly Candidate[], ruleset: RuleSet, overrides: readonly AreaClassOverride[]) {
    this.keyed = reasonKeyVetted(ruleset);
    const resolve = createUnitResolver(ruleset, overrides);
    const classes = new Map<string, number>();
    const intern = (key: string) => {
      let id = classes.get(key);
      if (id === undefined) {
        id = classes.size;
        classes.set(key, id);
      }
      return id;
    };
    const count = sites.length;
    this.plainClass = new Int32Array(count);
    this.onBoundary = new Uint8Array(count);
    this.credits = new Float64Array(count).fill(Number.NaN);
    this.creditsTexts = [];
    this.units = [];
    for (let i = 0; i < count; i++) {
      const site = sites[i] as Candidate;
      const units = resolve(site.units);
      this.units.push(units);
      const major = units.majorWatershed;
      const facts = [
        site.kind,
        site.action,
        site.pretreatment,
        site.functioningAsWetland,
        site.bankApplicationDate,
        site.eisIdentified,
        site.eisAdequacyDate,
        site.wetlandType,
        site.bankStatus,
        site.areaShares,
        (site.location ?? null) === null,
        units.bankServiceArea,
        units.areaClass,
        units.areaClassSource,
        units.county === null,
        major === null ? null : GREAT_LAKES_AND_RAINY_MAJORS.includes(major),
        site.kind === 'bank' && hasNoCredits(site.availableCredits) ? site.availableCredits : null,
      ]
        .map(keyPart)
        .join(',');
      this.plainClass[i] = intern(facts);
      // A bank with listing pools names its own figures, files, rows and dates, and compares each
      // pool with the acres: its rows are expanded, never keyed.
      this.onBoundary[i] =
        hasLevelBoundary(site.units?.boundary) ||
        units.areaClassSource === 'county-line' ||
        (site.kind === 'bank' && site.creditPools)
          ? 1
          : 0;
      const credits = site.availableCredits ?? null;
      // A bank with none is excluded (Minn. R. 8420.0745), never short: left out as NaN.
      if (site.kind === 'bank' && credits !== null && !hasNoCredits(credits)) this.credits[i] = credits;
      this.creditsTexts.push(
        site.kind === 'bank' && credits !== null ? Buffer.from(String(credits), 'utf8') : null,
      );
    }
    this.keySpan = Math.max(1, classes.size) * KEYS_PER_CLASS;
  }

  /**
   * Starts the rows of the next impact's ranking. The first memo holds this impact's cells by a
   * number; a cell it lacks is looked up across impacts by the impact's class (what the rules read
   * of the impact, see impactFacts) with the ids and figures the cell's texts name.
   */
  begin(ranking: CompactRanking): void {
    this.ranking = ranking;
    this.memo.clear();
    this.replacementAcres = ranking.source.exactReplacementAcres;
    this.shownAcres = ranking.requirement.replacementAcres;
    this.ratioCertain = ranking.requirement.ratioRange[0] === ranking.requirement.ratioRange[1];
    this.acresText = Buffer.from(String(this.shownAcres), 'utf8');
    this.impactUnits = ranking.impact.units;
    // A county line's texts name its counties, a drawn impact's its parts: expanded, never keyed.
    this.impactOnBoundary =
      hasLevelBoundary(ranking.source.scenario.impact.units?.boundary) ||
      ranking.impact.units.areaClassSource === 'county-line' ||
      // A drawn impact across units: each row names the part it is ranked for.
      impactPartsOf(ranking.source.scenario.impact.areaShares) !== null;
    const facts = impactFacts(ranking.source.scenario.impact, ranking.impact.units);
    let id = this.impactClasses.get(facts);
    if (id === undefined) {
      id = this.impactClasses.size;
      this.impactClasses.set(facts, id);
    }
    this.impactClass = id;
    this.signatures.fill(-1);
    // A bound on what a long batch keeps (each cell a few hundred bytes).
    if (this.shared.size + this.templates.size > SHARED_CELLS) {
      this.shared.clear();
      this.templates.clear();
      this.signatureIds.clear();
    }
  }

  /**
   * Picks the reasons cell of the row at `position` for putPicked and returns its length in
   * bytes: a batch reserves room for the row, then writes it, a short bank's cell straight from
   * its template's pieces (no cell built per row).
   */
  pick(position: number): number {
    const whole = this.wholeCell(position);
    this.picked = whole;
    return whole !== null ? whole.length : this.shortLength();
  }

  /** Writes the cell pick chose (after the writer's room for it). */
  putPicked(writer: ChunkWriter): void {
    if (this.picked !== null) {
      writer.put(this.picked);
      return;
    }
    const template = this.template as ShortTemplate;
    const credits = this.shortCredits as Buffer;
    writer.put(template.head);
    writer.put(template.creditsFirst ? credits : this.acresText);
    writer.put(template.middle);
    writer.put(template.creditsFirst ? this.acresText : credits);
    writer.put(template.tail);
  }

  /** The length of a short bank's cell from the template wholeCell chose. */
  private shortLength(): number {
    const { head, middle, tail } = this.template as ShortTemplate;
    return (
      head.length + middle.length + tail.length + (this.shortCredits as Buffer).length + this.acresText.length
    );
  }

  /**
   * The cell of the row at `position` when it is one buffer; null for a short bank's cell from
   * its template (then `template` and `shortCredits` hold its pieces).
   */
  private wholeCell(position: number): Buffer | null {
    const ranking = this.ranking as CompactRanking;
    if (!this.keyed) {
      this.expanded++;
      return Buffer.from(reasonsCell(expandRanked(ranking, position).reasons), 'utf8');
    }
    const index = ranking.order[position] as number;
    if (this.impactOnBoundary || this.onBoundary[index] === 1) {
      this.expanded++;
      return Buffer.from(reasonsCell(expandRanked(ranking, position).reasons), 'utf8');
    }
    const units = this.units[index] as ResolvedUnits;
    const impact = this.impactUnits as ResolvedUnits;
    // NaN (no credits, or not a bank) compares false: not short.
    const short = (this.credits[index] as number) < this.replacementAcres;
    const siteClass = this.plainClass[index] as number;
    const codes = ranking.reasonCodes[position] as number;
    const next =
      (codes & REASON_CODES.nextLevel) === 0 ? 0 : (codes & REASON_CODES.nextLevelPending) === 0 ? 1 : 2;
    const minor = relation(units.minorWatershed, impact.minorWatershed);
    const major = relation(units.majorWatershed, impact.majorWatershed);
    const area = relation(units.bankServiceArea, impact.bankServiceArea);
    const key = siteClass * KEYS_PER_CLASS + (minor * 9 + major * 3 + area) * 3 + next;
    // A short bank's cell names its own credits: written for its row from a template
    // (pickTemplate), never memoised by the key, which leaves them out.
    let cell = short ? undefined : this.memo.get(key);
    if (cell !== undefined) {
      this.reused++;
      return cell;
    }
    // Within the impact's class, what the texts name beyond the key (see signature): which of
    // those this row's texts name, by its ladder, credits and relations.
    const mask =
      (next !== 0 ? 1 + 2 * (ranking.ladder[position] as number) : 0) |
      (next === 2 ? 64 : 0) |
      (short ? 4 : 0) |
      (minor === 1 ? 8 : 0) |
      (major === 1 ? 16 : 0) |
      (area === 2 ? 32 : 0);
    let signature = this.signatures[mask] as number;
    if (signature === -1) {
      signature = this.signature(ranking, mask);
      this.signatures[mask] = signature;
    }
    const sharedKey = signature * this.keySpan + key;
    if (short) {
      // The key and signature leave the credits and acres out: a short bank's cell is never
      // shared as it is, only its template, which writes the acres as shown (the credits note
      // shows more places only where rounding would hide the shortfall: then the row is expanded).
      const credits = this.credits[index] as number;
      // With the area class unknown its note adds what it covers at the lower ratio (byAreaClass): expanded.
      if (
        this.ratioCertain &&
        roundApart(this.replacementAcres, credits, 4) === this.shownAcres &&
        this.pickTemplate(ranking, position, sharedKey)
      )
        return null;
      this.expanded++;
      return Buffer.from(reasonsCell(expandRanked(ranking, position).reasons), 'utf8');
    }
    cell = this.shared.get(sharedKey);
    if (cell === undefined) {
      cell = Buffer.from(reasonsCell(expandRanked(ranking, position).reasons), 'utf8');
      this.shared.set(sharedKey, cell);
      this.expanded++;
    } else this.reused++;
    this.memo.set(key, cell);
    return cell;
  }

  /**
   * Picks the template of a bank short of the replacement acres: the row expanded once with
   * credits and acres no bank lists and no impact asks for (CREDITS_MARK, ACRES_MARK, the
   * credits below the acres as the bank's are), which only the credits note (subd. 3(e)(4))
   * names, to be written with the bank's credits and the impact's acres in their place. Banks
   * rarely list the same credits and impacts rarely ask for the same acres, so without it each
   * short bank would be expanded once per impact. The template is kept encoded, in three pieces
   * around the marks (no text replaced and encoded again per bank and impact). False (expand the
   * row) where the marks could not stand for the figures.
   */
  private pickTemplate(ranking: CompactRanking, position: number, sharedKey: number): boolean {
    const index = ranking.order[position] as number;
    let template = this.templates.get(sharedKey);
    if (template === undefined) {
      // One copy of the sites for every template (a copy per template was 5 MB a batch).
      const candidates = ranking.source.scenario.candidates;
      if (this.markedFrom !== candidates) {
        this.markedFrom = candidates;
        this.marked = candidates.slice();
      }
      template = shortTemplate(ranking, position, index, this.marked);
      this.templates.set(sharedKey, template);
      // Counted as expanded by the caller when there is no template.
      if (template !== null) this.expanded++;
    } else if (template !== null) this.reused++;
    if (template === null) return false;
    this.template = template;
    this.shortCredits = this.creditsTexts[index] as Buffer;
    return true;
  }

  /**
   * The number of this impact's class with what the texts of rows of `mask` name beyond the key:
   * the ladder's best level (the next-level caveat), the impact's minor and major watershed where
   * the site shares them ("as the impact (41)") and the impact's bank service area where the site
   * is in another ("site 9, impact 10"). The replacement acres a bank short of credits names are
   * written into its cell's template instead (pickTemplate).
   */
  private signature(ranking: CompactRanking, mask: number): number {
    const impact = this.impactUnits as ResolvedUnits;
    const named = [
      this.impactClass,
      mask,
      mask & 1 ? ranking.ladderBest[LADDER_CODES[(mask >> 1) & 1] as Ladder] : '',
      mask & 8 ? impact.minorWatershed : '',
      mask & 16 ? impact.majorWatershed : '',
      mask & 32 ? impact.bankServiceArea : '',
    ]
      .map(keyPart)
      .join(',');
    let id = this.signatureIds.get(named);
    if (id === undefined) {
      // Keys stay exact integers: past that many, start the cells across impacts again.
      if ((this.signatureIds.size + 1) * this.keySpan > Number.MAX_SAFE_INTEGER) {
        this.signatureIds.clear();
        this.shared.clear();
        this.templates.clear();
      }
      id = this.signatureIds.size;
      this.signatureIds.set(named, id);
    }
    return id;
  }
}

/** Keys per site class: 27 relations of the three units × 3 caveats (none, next level, only pending above). */
const KEYS_PER_CLASS = 81;

/** Cells kept across impacts before the memo starts again. */
const SHARED_CELLS = 200_000;
