import { describe, expect, it } from 'vitest';
import { RibitsShapeError } from '../../../src/formats/ribits/RibitsShapeError.ts';
import { readBankSiteData } from '../../../src/formats/ribits/readBankSiteData.ts';
import { minnesotaBanks, readBankSiteList } from '../../../src/formats/ribits/readBankSiteList.ts';
import {
  bankSiteDataQuery,
  bankSiteDataUrl,
  bankSiteListUrl,
} from '../../../src/formats/ribits/ribitsRequests.ts';
import {
  bankSiteDataAnswer,
  bankSiteListAnswer,
  MINNESOTA_FIXTURE_BANKS,
  OTHER_FIXTURE_BANKS,
} from '../../fixtures/ribits/ribitsFixtures.ts';

const ALL = { serviceArea: true, footprint: true, contacts: true, ledger: true };
const bank = (id: number) => MINNESOTA_FIXTURE_BANKS.find((b) => b.id === id)!;
const detail = (id: number, show = ALL) =>
  readBankSiteData(bankSiteDataAnswer(bank(id), show), id, 'fixture');

describe('RIBITS requests', () => {
  it('asks for the whole list without parameters, and for a bank with one q= JSON value', () => {
    expect(bankSiteListUrl('https://ribits.ops.usace.army.mil/ords/RI/public')).toBe(
      'https://ribits.ops.usace.army.mil/ords/RI/public/bank_site_list/',
    );
    expect(JSON.parse(bankSiteDataQuery(6669))).toEqual({
      bank_id: 6669,
      show_service_area: 'Yes',
      show_footprint: 'Yes',
      show_contacts: 'Yes',
      show_ledger: 'Yes',
    });
    const url = new URL(bankSiteDataUrl('http://127.0.0.1:9/ords/RI/public/', 6669));
    expect([...url.searchParams.keys()]).toEqual(['q']);
    expect(JSON.parse(url.searchParams.get('q')!).bank_id).toBe(6669);
  });
});

describe('readBankSiteList (upper-case ITEMS, no paging)', () => {
  const answer = bankSiteListAnswer([...OTHER_FIXTURE_BANKS, ...MINNESOTA_FIXTURE_BANKS]);

  it('reads BANK_ID, NAME and the detail URL of every bank, and picks the ones named "MN - …"', () => {
    const entries = readBankSiteList(answer, 'list');
    expect(entries).toHaveLength(11);
    expect(entries[0]).toEqual({
      bankId: 6669,
      name: '* ILF-INSWMP-Fall Creek Woods Stream and Wetland Mitigation Site (LRL-2021-552)',
      detailUrl: 'https://ribits.ops.usace.army.mil/ords/RI/public/bank_site_data/?q={"bank_id":6669}',
    });
    expect(minnesotaBanks(entries).map((e) => e.bankId)).toEqual([2002, 6076, 5329, 6981, 1172, 3565, 1664]);
  });

  it.each([
    [{ items: [], hasMore: true, offset: 0 }, /list: the answer is paged/],
    [{ data: [] }, /list: no "ITEMS" array \(keys: data\)/],
    [{ ITEMS: [{ BANK_ID: '6669', NAME: 'x' }] }, /list: item 1 has no integer "BANK_ID" \("6669"\)/],
    [{ ITEMS: [{ BANK_ID: 6669 }] }, /list: item 1 \(bank 6669\) has no "NAME"/],
    [
      {
        ITEMS: [
          { BANK_ID: 1, NAME: 'a' },
          { BANK_ID: 1, NAME: 'b' },
        ],
      },
      /list: item 2: bank 1 is listed twice/,
    ],
    [{ ITEMS: [{ BANK_ID: 1, NAME: 'x'.repeat(1001) }] }, /has a name of 1001 characters/],
    ['<html>', /list: expected a JSON object with "ITEMS"/],
  ])('refuses a changed schema, naming the request and the item: %j', (bad, message) => {
    expect(() => readBankSiteList(bad, 'list')).toThrow(RibitsShapeError);
    expect(() => readBankSiteList(bad, 'list')).toThrow(message);
  });
});

describe('readBankSiteData (ITEMS[0], GeoJSON strings, MM/DD/YYYY)', () => {
  it('reads status, ISO status date, type, district, counties and the account from the name', () => {
    const record = detail(2002);
    expect(record).toMatchObject({
      bankId: 2002,
      status: 'Approved',
      statusDate: '2021-06-01',
      bankType: 'Private Commercial',
      kindOfBank: 'Standard',
      district: 'St. Paul',
      states: ['MN'],
      counties: ['Aitkin'],
      totalAcres: 42.5,
      parsedName: { bwsrSite: 'S5616', bwsrAccount: '1545' },
    });
  });

  it('takes RIBITS’ own point first, saying so', () => {
    expect(detail(2002)).toMatchObject({ location: [-93.46, 46.69], locationFrom: 'point' });
  });

  it('locates a bank with only a footprint at the footprint’s centroid, and keeps the transfer account’s T', () => {
    const record = detail(6076);
    expect(record.locationFrom).toBe('footprint');
    expect(record.location![0]).toBeCloseTo(-93.47, 6);
    expect(record.location![1]).toBeCloseTo(46.675, 6);
    expect(record.parsedName?.bwsrAccount).toBe('T1729');
  });

  it('falls back to the service area when there is neither point nor footprint', () => {
    const record = detail(5329);
    expect(record.locationFrom).toBe('service-area');
    expect(record.location![0]).toBeCloseTo(-93.5, 6);
    expect(record.location![1]).toBeCloseTo(44.9, 6);
    expect(record.serviceAreas.map((s) => s.name)).toEqual(['BSA 7']);
    expect(record.serviceAreas[0]!.geometry?.type).toBe('Polygon');
  });

  it('gives no location (and says none) for a bank with no point, footprint or service area', () => {
    expect(detail(6981)).toMatchObject({
      location: null,
      locationFrom: null,
      serviceAreas: [],
      footprints: [],
    });
  });

  it('does not locate by the footprint when the answer was not asked to show it', () => {
    expect(detail(6076, { ...ALL, footprint: false })).toMatchObject({ location: null, locationFrom: null });
  });

  it('reads contacts as text (markup stays text) and the ledger with its date as ISO', () => {
    const record = detail(2002);
    expect(record.contacts).toEqual([
      { role: 'sponsor', name: 'Sponsor of bank 2002 <b>& Sons</b>', title: null, phone: null, type: null },
      {
        role: 'point-of-contact',
        name: 'Pat Example',
        title: 'Owner',
        phone: '651-555-0100',
        type: 'Sponsor',
      },
      { role: 'manager', name: 'Lee Reviewer', title: 'Project Manager', phone: '651-555-0199', type: null },
    ]);
    expect(record.ledger).toEqual([
      expect.objectContaining({
        transactionId: 91001,
        transactionType: 'Withdrawal',
        jurisdiction: 'State',
        transactionDate: '2024-03-15',
        credits: 1.5,
        creditTypeList: 'Wetland',
        permittee: null,
      }),
    ]);
    expect(detail(1664).ledger).toBeNull();
  });

  it('keeps a ledger value of an unexpected type as nothing rather than guessing', () => {
    const answer = bankSiteDataAnswer(
      { ...bank(2002), ledger: [{ CREDITS: 'lots', TRANSACTION_DATE: '2024-03-15' }] },
      ALL,
    );
    const entry = readBankSiteData(answer, 2002, 'fixture').ledger![0]!;
    expect(entry).toMatchObject({ credits: null, transactionDate: null, transactionDateText: '2024-03-15' });
  });

  const withItem = (change: (item: Record<string, unknown>) => void) => {
    const answer = bankSiteDataAnswer(bank(2002), ALL) as { ITEMS: Record<string, unknown>[] };
    change(answer.ITEMS[0]!);
    return answer;
  };
  it.each([
    [{ items: [] }, /bank 2002 \(q=2002\): no "ITEMS" array/],
    [{ ITEMS: [] }, /bank 2002 \(q=2002\): "ITEMS" has 0 entries, expected 1/],
    [withItem((i) => (i.BANK_ID = 6669)), /bank 2002 \(q=2002\): answered for BANK_ID 6669/],
    [
      withItem((i) => (i.BANK_STATUS_DATE = '2021-06-01')),
      /"BANK_STATUS_DATE" "2021-06-01" is not a MM\/DD\/YYYY date/,
    ],
    [withItem((i) => (i.BANK_STATUS_DATE = '02/30/2021')), /"02\/30\/2021" is not a MM\/DD\/YYYY date/],
    [
      withItem((i) => (i.SERVICE_AREAS = [{ SERVICE_AREA_NAME: 'BSA 1', GEOM: '{"type":"Point"' }])),
      /SERVICE_AREAS\[0\]\.GEOM: not a GeoJSON string/,
    ],
    [
      withItem(
        (i) =>
          (i.SERVICE_AREAS = [
            { SERVICE_AREA_NAME: 'BSA 1', GEOM: '{"type":"LineString","coordinates":[[0,0],[1,1]]}' },
          ]),
      ),
      /expected a Polygon or MultiPolygon, got "LineString"/,
    ],
    [
      withItem((i) => (i.BANK_LOCATION_CENTROID = '{"type":"Point","coordinates":[-930000,4600000]}')),
      /BANK_LOCATION_CENTROID: expected a GeoJSON Point/,
    ],
    [withItem((i) => (i.SERVICE_AREAS = 'BSA 1')), /bank 2002 \(q=2002\): SERVICE_AREAS is not a list/],
    [withItem((i) => (i.BANK_STATUS = 3)), /"BANK_STATUS" is not text \(3\)/],
    [
      withItem((i) => (i.LEDGER = Array.from({ length: 100_001 }, () => ({})))),
      /LEDGER has 100001 entries, more than 100000/,
    ],
  ])('refuses a changed schema naming the bank and the field (%#)', (answer, message) => {
    expect(() => readBankSiteData(answer, 2002, 'q=2002')).toThrow(RibitsShapeError);
    expect(() => readBankSiteData(answer, 2002, 'q=2002')).toThrow(message);
  });

  it('reads "null" footprints (a string, as USACE’s script finds them) as none', () => {
    const answer = withItem((i) => (i.BANK_FOOTPRINT = [{ GEOM: 'null' }]));
    expect(readBankSiteData(answer, 2002, 'fixture').footprints).toEqual([]);
  });
});
