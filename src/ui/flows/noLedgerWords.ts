/**
 * What the page says wherever losses and replacements would be shown when no ledger is loaded
 * (issue 34, item 4: "never a blank"): that there is none, and how to get one, in a planner's words
 * (the build's `npm run data -- --ledger` is in data/README.md, not on the page).
 */
export const NO_LEDGER_WHY =
  'No RIBITS ledger is loaded, so the withdrawals for impacts in each watershed cannot be shown (the default build has no real ledger).';

export const HOW_TO_GET_A_LEDGER =
  'To see them, export “Ledger Transactions” or “Transactions by Watershed” from USACE RIBITS (Reports) and load the CSV with “Load RIBITS ledger…” in the explorer’s Losses and replacements panel.';
