import type { Manifest } from './manifest.ts';

/** Something a planner could take for "none" that is in fact not in this build, or only in part. */
export interface BuildGap {
  id: 'banks' | 'bank-snapshot' | 'credits' | 'ledgers' | 'place-names';
  /** What it is, in the planner's words. */
  what: string;
  state: 'missing' | 'partial';
  /** What that means for the figures shown. */
  says: string;
  /** How to get it. */
  how: string;
}

/** What the page, report, CLI and exports know besides the manifest. */
export interface GapContext {
  /** Credit listings loaded in the page (they fill the credits gap there). */
  listingsLoaded?: boolean;
}

/**
 * The layers and files a planner could read as empty when they are missing, partial or old:
 * the wetland banks (the sites layer and its records), bank credits, bank ledgers and the
 * search's place names. One list, so the page, the report, the CLI and the exports say the same
 * (issue 33, blocker 2: "0 banks" read as "no bank serves the area" in a build without banks).
 */
export function buildGaps(manifest: Manifest, context: GapContext = {}): BuildGap[] {
  const gaps: BuildGap[] = [];
  const refresh = 'a RIBITS refresh (SITING_DATA_MIRROR=none npm run data, with a network)';
  if (!manifest.layers.sites)
    gaps.push({
      id: 'banks',
      what: 'Wetland banks',
      state: 'missing',
      says: 'no bank is ranked, and this does not mean no bank serves the area',
      how: `build with the data mirror beside the checkout (../shared/data, then npm run data), or ${refresh}`,
    });
  else if (manifest.bankRecords?.source === 'ribits-2020-snapshot')
    gaps.push({
      id: 'bank-snapshot',
      // Named with its qualifier: the summary's list reads "wetland banks (2020 snapshot)", not as if none were in.
      what: 'Wetland banks (2020 snapshot)',
      state: 'partial',
      says: `the banks are the 2020 RIBITS snapshot (${manifest.bankRecords.count} banks, statuses as of 2020), not today's list`,
      how: refresh,
    });
  if (manifest.layers.sites && !manifest.creditsFile && !context.listingsLoaded)
    gaps.push({
      id: 'credits',
      what: 'Bank credits',
      state: 'missing',
      says: 'no credit listing is in this build, so bank rows show no credit figures',
      how: 'load BWSR’s listing or a RIBITS Credit Classification report with "Load credit listing…", or build with npm run data -- --credits FILE',
    });
  if (manifest.layers.sites && !manifest.bankRecords?.ledgersFile && !manifest.ledgerExportsFile)
    gaps.push({
      id: 'ledgers',
      what: 'Bank ledgers',
      state: 'missing',
      says: 'no RIBITS ledger is in this build, so withdrawals, and where wetlands were lost and replaced, are not shown',
      how: `${refresh}, or npm run data -- --ledger FILE (a RIBITS ledger export)`,
    });
  const names = manifest.placeNames;
  if (!names)
    gaps.push({
      id: 'place-names',
      what: 'Place names',
      state: 'missing',
      says: 'the search has no place names in this build: look places up by coordinates or on the map',
      how: 'build again (npm run data)',
    });
  else if (!names.sources.some((source) => source.id === 'civilDivisions'))
    gaps.push({
      id: 'place-names',
      what: 'Place names',
      state: 'partial',
      says: `the search knows ${names.count} cities and post-office towns, not every city, township and unorganized territory`,
      how: 'build with the data mirror beside the checkout (../shared/data: MnDOT civil divisions), or --import the civil divisions file',
    });
  return gaps;
}

/** One line per gap: "Wetland banks — not in this build: …. To get them: …". */
export function gapLine(gap: BuildGap): string {
  return `${gap.what} — ${gap.state === 'missing' ? 'not in this build' : 'in part'}: ${gap.says}. To get ${gap.id === 'place-names' ? 'them all' : 'them'}: ${gap.how}.`;
}
