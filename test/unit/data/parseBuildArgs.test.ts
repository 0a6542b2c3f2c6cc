import { describe, expect, it } from 'vitest';
import { BuildArgsError, parseBuildArgs } from '../../../data/lib/parseBuildArgs.ts';

describe('parseBuildArgs (npm run data -- …)', () => {
  it('takes repeated --import and --map, in both spellings', () => {
    expect(
      parseBuildArgs([
        '--import',
        'a.zip',
        '--import=b.gpkg',
        '--map',
        'minorWatersheds.id=MINOR5',
        '--map=plss.meridian=5',
      ]),
    ).toEqual({
      imports: ['a.zip', 'b.gpkg'],
      map: { 'minorWatersheds.id': 'MINOR5', 'plss.meridian': '5' },
      credits: [],
      ledgers: [],
      asOf: null,
      skipBadRows: false,
      acceptBankDrop: false,
    });
  });

  it('takes repeated --credits with one --as-of and --skip-bad-rows, without any --import', () => {
    expect(
      parseBuildArgs([
        '--credits',
        'bwsr.csv',
        '--credits=ribits.csv',
        '--as-of',
        '2026-05-01',
        '--skip-bad-rows',
      ]),
    ).toEqual({
      imports: [],
      map: {},
      credits: ['bwsr.csv', 'ribits.csv'],
      ledgers: [],
      asOf: '2026-05-01',
      skipBadRows: true,
      acceptBankDrop: false,
    });
  });

  it('takes repeated --ledger, with --skip-bad-rows and without any --credits', () => {
    expect(parseBuildArgs(['--ledger', 'a.csv', '--ledger=b.csv', '--skip-bad-rows'])).toMatchObject({
      credits: [],
      ledgers: ['a.csv', 'b.csv'],
      skipBadRows: true,
    });
  });

  it('takes --accept-bank-drop alone (a RIBITS refresh that lost banks is applied)', () => {
    expect(parseBuildArgs(['--accept-bank-drop'])).toMatchObject({ acceptBankDrop: true });
    expect(() => parseBuildArgs(['--accept-bank-drop=yes'])).toThrow(/unknown argument/);
  });

  it.each([
    [['--imprt', 'a.zip'], /^unknown argument "--imprt"; usage: npm run data -- /],
    [['a.zip'], /^unknown argument "a.zip"/],
    [['--import'], /^--import needs a value/],
    [['--map', 'plss.meridian=5'], /^--map only applies to files given with --import/],
    [
      ['--credits', 'a.csv', '--as-of', '2026-02-30'],
      /^--as-of 2026-02-30: expected a date written YYYY-MM-DD/,
    ],
    [['--credits', 'a.csv', '--as-of', '5/1/2026'], /^--as-of 5\/1\/2026: expected a date/],
    [['--as-of', '2026-05-01'], /^--as-of only applies to listings given with --credits/],
    [['--skip-bad-rows'], /^--skip-bad-rows only applies to listings given with --credits/],
    [['--credits'], /^--credits needs a value/],
    [['--ledger'], /^--ledger needs a value/],
    [
      ['--ledger', 'a.csv', '--as-of', '2026-05-01'],
      /^--as-of only applies to listings given with --credits/,
    ],
    [
      ['--map', 'minorWatersheds=MINOR5'],
      /^--map minorWatersheds=MINOR5: expected <layer>\.<field>=<sourceField>/,
    ],
  ])('refuses %j in one line', (argv, message) => {
    expect(() => parseBuildArgs(argv)).toThrow(BuildArgsError);
    expect(() => parseBuildArgs(argv)).toThrow(message);
  });
});
