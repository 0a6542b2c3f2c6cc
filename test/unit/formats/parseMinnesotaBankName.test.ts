import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isMinnesotaBankName,
  parseMinnesotaBankName,
} from '../../../src/formats/ribits/parseMinnesotaBankName.ts';

// Every name below is a real NAME of RIBITS' bank_site_list (alexdhond/RIBITSr, the captured
// answer at commit e4ad429), or of the 2020 snapshot where marked.
const CASES: [
  string,
  { county: string | null; site: string | null; account: string | null; short: string; bare?: string },
][] = [
  [
    'MN - Aitkin - S5616-1545 * EIP Mississippi I Mitigation Bank (previously Gilbertson/Haywire Pt Palisade Miss II)(includes Ag credits for T1738)',
    {
      county: 'Aitkin',
      site: 'S5616',
      account: '1545',
      short:
        'EIP Mississippi I Mitigation Bank (previously Gilbertson/Haywire Pt Palisade Miss II)(includes Ag credits for T1738)',
    },
  ],
  [
    'MN -  Aitkin - S5616-T1729 EIP Mississippi I Mitigation Bank (previously Gilbertson/Haywire Pt Palisade Miss II) (MnDOT credit purchase from 1545)',
    {
      county: 'Aitkin',
      site: 'S5616',
      account: 'T1729',
      short:
        'EIP Mississippi I Mitigation Bank (previously Gilbertson/Haywire Pt Palisade Miss II) (MnDOT credit purchase from 1545)',
    },
  ],
  [
    'MN - Wright - s07652-1677 - Forsman Farms Wetland Bank',
    { county: 'Wright', site: 'S7652', account: '1677', short: 'Forsman Farms Wetland Bank' },
  ],
  [
    'MN - Wright - S08231-1777 - Grygelko Rockford Wetland Bank',
    { county: 'Wright', site: 'S8231', account: '1777', short: 'Grygelko Rockford Wetland Bank' },
  ],
  [
    'MN - Scott - S1786-1090T ^  Mdew. Sx',
    { county: 'Scott', site: 'S1786', account: 'T1090', short: 'Mdew. Sx' },
  ],
  [
    'MN - Clearwater - S2423-1165T * Red Lake WD from Weems',
    { county: 'Clearwater', site: 'S2423', account: 'T1165', short: 'Red Lake WD from Weems' },
  ],
  [
    "MN - Marshall - S5925-1519! ^ Stromlund's Sanctuary, AG",
    { county: 'Marshall', site: 'S5925', account: '1519', short: "Stromlund's Sanctuary, AG" },
  ],
  [
    'MN - Washington - S1212-1522^, Fairview Farms',
    { county: 'Washington', site: 'S1212', account: '1522', short: 'Fairview Farms' },
  ],
  [
    "MN - Aitkin - S104-104' Thompson farms Palisade Mitigation Bank",
    { county: 'Aitkin', site: 'S104', account: '104', short: 'Thompson farms Palisade Mitigation Bank' },
  ],
  [
    "MN - Clay - S6022 -1621- BRRWD 'Elkton Township Bank",
    { county: 'Clay', site: 'S6022', account: '1621', short: "BRRWD 'Elkton Township Bank" },
  ],
  ['MN - Wright - S4868 Burkstrand', { county: 'Wright', site: 'S4868', account: null, short: 'Burkstrand' }],
  [
    'MN - Wright - S5628- City of Otsego Hidden Crk Tr',
    { county: 'Wright', site: 'S5628', account: null, short: 'City of Otsego Hidden Crk Tr' },
  ],
  [
    'MN - Dakota - S4859- , City of Eagan/Wandering Walk',
    { county: 'Dakota', site: 'S4859', account: null, short: 'City of Eagan/Wandering Walk' },
  ],
  [
    'MN - Hennepin - s07615 - Ravinia Wetland Bank',
    { county: 'Hennepin', site: 'S7615', account: null, short: 'Ravinia Wetland Bank' },
  ],
  [
    'MN - Chisago - T1808 - KLM Farms Wetland Bank (BWSR credit purchase from 1807 for LGRWRP use only)',
    {
      county: 'Chisago',
      site: null,
      account: 'T1808',
      short: 'KLM Farms Wetland Bank (BWSR credit purchase from 1807 for LGRWRP use only)',
    },
  ],
  [
    'MN - Big Stone - Kleindl s4867-1606',
    { county: 'Big Stone', site: 'S4867', account: '1606', short: 'Kleindl' },
  ],
  [
    'MN - Wright - 1800 - Engstrom Crow River Corridor Wetland Bank',
    {
      county: 'Wright',
      site: null,
      account: null,
      short: 'Engstrom Crow River Corridor Wetland Bank',
      bare: '1800',
    },
  ],
  [
    'MN - Roseau -S8859-T1780 Cedarbend West Bank (MnDOT purchase for own use from 1714)',
    {
      county: 'Roseau',
      site: 'S8859',
      account: 'T1780',
      short: 'Cedarbend West Bank (MnDOT purchase for own use from 1714)',
    },
  ],
  [
    'MN - Sibley Co - s07627 - David Chevalier Wetland Bank',
    { county: 'Sibley', site: 'S7627', account: null, short: 'David Chevalier Wetland Bank' },
  ],
  [
    'MN - Hennepin / Scott / Carver - S7797-T1806 - Peterson Wetland Bank (BWSR LGRWRP credit purchase)',
    {
      county: 'Hennepin / Scott / Carver',
      site: 'S7797',
      account: 'T1806',
      short: 'Peterson Wetland Bank (BWSR LGRWRP credit purchase)',
    },
  ],
  [
    'MN - Redwood - S4536-1644 (previously 1476)* Whittet',
    { county: 'Redwood', site: 'S4536', account: '1644', short: '(previously 1476)* Whittet' },
  ],
  ['MN - Wright - Buffalo Ridge', { county: 'Wright', site: null, account: null, short: 'Buffalo Ridge' }],
  // 2020 snapshot only:
  [
    'MN - Stevens S185-T1565 Craig Murphy (Tom Healy credit purchase from Murphy Acct185)',
    {
      county: 'Stevens',
      site: 'S185',
      account: 'T1565',
      short: 'Craig Murphy (Tom Healy credit purchase from Murphy Acct185)',
    },
  ],
  ['MN - Hockert Wetland Bank', { county: null, site: null, account: null, short: 'Hockert Wetland Bank' }],
];

describe('parseMinnesotaBankName (MN - <County> - S<site>-<account> <name>)', () => {
  it.each(CASES)('reads %j', (name, expected) => {
    const parsed = parseMinnesotaBankName(name);
    expect(parsed).toMatchObject({
      countyNamed: expected.county,
      bwsrSite: expected.site,
      bwsrAccount: expected.account,
      shortName: expected.short,
      unlabelledNumber: expected.bare ?? null,
    });
  });

  it('keeps the account as written when the T stands after the number, so a reader can show it', () => {
    expect(parseMinnesotaBankName('MN - Scott - S1786-1090T ^  Mdew. Sx')?.accountAsWritten).toBe('1090T');
    expect(parseMinnesotaBankName('MN - Aitkin - S5616-1545 * EIP')?.accountAsWritten).toBeNull();
  });

  it('splits a county part naming several counties', () => {
    expect(
      parseMinnesotaBankName('MN - Hennepin / Scott / Carver - S7797-1805 - Peterson Wetland Bank')?.counties,
    ).toEqual(['Hennepin', 'Scott', 'Carver']);
  });

  it.each([
    'MODOT, Blue Springs Lake Wetland Mitigation Bank',
    'MT - MTDOT Johnson Site',
    'MS Band of Choctaw Indians',
    '* ILF-INSWMP-Fall Creek Woods',
  ])('does not take %j for a Minnesota bank', (name) => {
    expect(isMinnesotaBankName(name)).toBe(false);
    expect(parseMinnesotaBankName(name)).toBeNull();
  });

  const SNAPSHOT = new URL(
    '../../../../shared/data/banks/mn_wetland_banks_ribits_2020snapshot.geojson',
    import.meta.url,
  ).pathname;
  it.runIf(existsSync(SNAPSHOT))(
    'agrees with the 2020 snapshot own site/account columns wherever the snapshot gives an account (and reads every name)',
    () => {
      const features = JSON.parse(readFileSync(SNAPSHOT, 'utf8')).features as {
        properties: Record<string, string | null>;
      }[];
      const disagreements: string[] = [];
      for (const { properties: p } of features) {
        const parsed = parseMinnesotaBankName(p.name!);
        expect(parsed, p.name!).not.toBeNull();
        if (p.bwsr_account && parsed!.bwsrAccount !== p.bwsr_account) disagreements.push(p.name!);
        if (p.bwsr_site && parsed!.bwsrSite !== `S${Number(p.bwsr_site.slice(1))}`)
          disagreements.push(p.name!);
      }
      expect(disagreements).toEqual([]);
      expect(features).toHaveLength(293);
    },
  );
});
