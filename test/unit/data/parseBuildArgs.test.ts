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
    });
  });

  it.each([
    [['--imprt', 'a.zip'], /^unknown argument "--imprt"; usage: npm run data -- /],
    [['a.zip'], /^unknown argument "a.zip"/],
    [['--import'], /^--import needs a value/],
    [['--map', 'plss.meridian=5'], /^--map only applies to files given with --import/],
    [
      ['--map', 'minorWatersheds=MINOR5'],
      /^--map minorWatersheds=MINOR5: expected <layer>\.<field>=<sourceField>/,
    ],
  ])('refuses %j in one line', (argv, message) => {
    expect(() => parseBuildArgs(argv)).toThrow(BuildArgsError);
    expect(() => parseBuildArgs(argv)).toThrow(message);
  });
});
