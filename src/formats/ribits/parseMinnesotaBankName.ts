/**
 * What a Minnesota RIBITS bank name says about the bank. RIBITS (`bank_site_list`, NAME) names
 * Minnesota banks `MN - <County> - S<site>-<account> <name>`: a BWSR site number and a BWSR
 * wetland bank account, with transfer accounts written `T1729`. The names are typed by hand and
 * vary; every form below occurs in the captured national list (data/README.md, "RIBITS"):
 *
 * - `MN - Aitkin - S5616-1545 * EIP Mississippi I …`, `S5616-T1729 …` (transfer account)
 * - `s07652-1677 - Forsman …` (lower-case s, zero-padded site), `S08231-1777`
 * - `S1786-1090T ^ …`, `S2423-1165T * …` (the T written after the number)
 * - `S5925-1519! ^ …`, `S1212-1522^, …`, `S104-104' …`, `S6022 -1621- …` (marks around the code)
 * - `S4868 Burkstrand`, `S5628- City of …`, `s07615 - Ravinia …` (a site and no account)
 * - `T1808 - KLM Farms …` (an account and no site)
 * - `MN - Big Stone - Kleindl s4867-1606` (the code after the name)
 * - `MN - Wright - 1800 - Engstrom …` (a bare number: not labelled S or T, so not read as either)
 * - `MN - Roseau -S8859-T1780 …`, `MN -  Aitkin - …`, `MN - Sibley Co - …`,
 *   `MN - Hennepin / Scott / Carver - …` (spacing, "Co", several counties)
 * - `MN - Wright - Buffalo Ridge` (no code at all)
 * - `MN - Stevens S185-T1565 Craig Murphy …` (no dash after the county; 2020 snapshot),
 *   `MN - Hockert Wetland Bank` (no county; 2020 snapshot)
 * - `Minnesota - Aitkin - …`, `MN – Aitkin – …`, `Minn. - …` (the state spelt out or abbreviated,
 *   an en or em dash: not in the captured list, read so that a renaming does not drop banks)
 */

/** The parts of a Minnesota bank name; null where the name does not say. */
export interface MinnesotaBankName {
  /** The county part as written, "Co"/"County" dropped (e.g. `Hennepin / Scott / Carver`); null when the name has none. */
  countyNamed: string | null;
  /** Each county the county part names. */
  counties: string[];
  /** BWSR site, `S` + the number without leading zeros (`s07652` → `S7652`). */
  bwsrSite: string | null;
  /**
   * BWSR account with its transfer `T` kept in front (`1545`, `T1729`; `1090T` → `T1090`).
   * One site holds several accounts, so the account, never the site, identifies a bank.
   */
  bwsrAccount: string | null;
  /** The account as the name writes it (`1090T`), when it differs from `bwsrAccount`. */
  accountAsWritten: string | null;
  /** A number between the county and the name that is labelled neither S nor T (`1800`). */
  unlabelledNumber: string | null;
  /** The name after the county and the code, with the marks (`*`, `^`, `!`, `'`) trimmed. */
  shortName: string;
}

// The state as RIBITS has written it, and as a drifting list may (issue 32): `MN`, `Minn.`,
// `Minnesota`, any case, then a hyphen, en dash or em dash.
const STATE = String.raw`^\s*(?:MN|Minn\.?|Minnesota)\s*[-\u2013\u2014]\s*`;
const MN_START = new RegExp(STATE, 'i');
const MN_PREFIX = new RegExp(String.raw`${STATE}([^-\u2013\u2014]*?)\s*[-\u2013\u2014]\s*(.*)$`, 'is');
/** A name that speaks of Minnesota in a way MN_START does not read (listed, never guessed at). */
const MENTIONS_MINNESOTA = /(?<![A-Za-z])(?:MN|Minn\.|Minnesota)(?![A-Za-z])/i;
const CODE_IN_COUNTY = /^(.*?)\s+([Ss]\d{1,5})$/;
// S<site> with an optional -<account>; the account may carry its T before or after the digits.
const SITE_CODE =
  /(?<![A-Za-z0-9])[Ss]0*(\d{1,5})(?![A-Za-z0-9])(?:\s*-\s*(T?)0*(\d{2,5})(T?)(?![0-9A-Za-z]))?/;
const LEADING_TRANSFER = /^T(\d{3,5})(?![0-9A-Za-z])/;
const LEADING_NUMBER = /^(\d{3,5})\s*-\s*/;
const MARKS = /^[\s*^!'",-]+|[\s*^!'",-]+$/g;

/** Whether a RIBITS bank name is written as a Minnesota bank name (`MN - …`, `Minnesota - …`, `MN – …`). */
export function isMinnesotaBankName(name: string): boolean {
  return MN_START.test(name);
}

/**
 * Whether a name that is not read as a Minnesota bank name still names Minnesota (`MN Hockert
 * Bank`, `Wetland bank, Minnesota`): a refresh lists these, so a new naming is seen, not dropped.
 */
export function mentionsMinnesota(name: string): boolean {
  return !MN_START.test(name) && MENTIONS_MINNESOTA.test(name);
}

/**
 * Reads a Minnesota bank name; null when the name does not start `MN -`.
 * Never guesses: a bare number is kept as `unlabelledNumber`, not taken for a site or account.
 */
export function parseMinnesotaBankName(name: string): MinnesotaBankName | null {
  if (!MN_START.test(name)) return null;
  const prefix = MN_PREFIX.exec(name);
  let county = prefix ? prefix[1]! : null;
  let rest = prefix ? prefix[2]!.trim() : name.replace(MN_START, '').trim();
  // `MN - Stevens S185-T1565 …`: the dash after the county is missing, so the site code ended up in it.
  const codeInCounty = county === null ? null : CODE_IN_COUNTY.exec(county);
  if (codeInCounty) {
    county = codeInCounty[1]!;
    rest = `${codeInCounty[2]}-${rest}`;
  }
  const countyNamed =
    county === null
      ? null
      : county
          .replace(/\s+(Co\.?|County)$/i, '')
          .replace(/\s+/g, ' ')
          .trim() || null;
  let bwsrSite: string | null = null;
  let bwsrAccount: string | null = null;
  let accountAsWritten: string | null = null;
  let unlabelledNumber: string | null = null;
  let shortName = rest;
  const transfer = LEADING_TRANSFER.exec(rest);
  const code = SITE_CODE.exec(rest);
  if (transfer) {
    bwsrAccount = `T${transfer[1]}`;
    shortName = rest.slice(transfer[0].length);
  } else if (code) {
    bwsrSite = `S${code[1]}`;
    if (code[3] !== undefined) {
      const isTransfer = code[2] === 'T' || code[4] === 'T';
      bwsrAccount = `${isTransfer ? 'T' : ''}${code[3]}`;
      const written = `${code[2]}${code[3]}${code[4]}`;
      if (written !== bwsrAccount) accountAsWritten = written;
    }
    shortName = `${rest.slice(0, code.index)} ${rest.slice(code.index + code[0].length)}`;
  } else {
    const number = LEADING_NUMBER.exec(rest);
    if (number) {
      unlabelledNumber = number[1]!;
      rest = rest.slice(number[0].length);
      shortName = rest;
    }
  }
  shortName = shortName.replace(/\s+/g, ' ').replace(MARKS, '').trim();
  return {
    countyNamed,
    counties: (countyNamed ?? '')
      .split('/')
      .map((c) => c.trim())
      .filter((c) => c !== ''),
    bwsrSite,
    bwsrAccount,
    accountAsWritten,
    unlabelledNumber,
    shortName,
  };
}
