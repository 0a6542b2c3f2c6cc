import fc from 'fast-check';
import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { toWgs84 } from '../../../src/formats/crs/reprojectGeometry';

// toWgs84 takes the projection's own inverse when it gives proj4's general transform's numbers
// exactly: the imported layers must come out the same to the last bit, whichever path ran.
const UTM15N_WKT =
  'PROJCS["NAD_1983_UTM_Zone_15N",GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",-93.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';
// MnDOT's county coordinates: US survey feet, so the direct inverse (metres) must not be taken.
const COUNTY_FEET =
  '+proj=lcc +lat_1=45.61666666666667 +lat_2=47.05 +lat_0=45 +lon_0=-94.25 +x_0=800000.0000101601 +y_0=99999.99998984 +ellps=GRS80 +towgs84=0,0,0 +units=us-ft +no_defs';

describe('toWgs84', () => {
  it.each([
    ['EPSG:26915 (the agencies’ UTM 15N)', 'EPSG:26915', [150_000, 4_700_000], [800_000, 5_500_000]],
    ['UTM 15N from a shapefile’s .prj', UTM15N_WKT, [150_000, 4_700_000], [800_000, 5_500_000]],
    ['a county CRS in US survey feet', COUNTY_FEET, [2_000_000, 0], [3_000_000, 1_000_000]],
  ] as const)('gives proj4’s own numbers exactly for %s', (_, crs, low, high) => {
    const convert = toWgs84(crs);
    const general = proj4(crs, 'EPSG:4326');
    fc.assert(
      fc.property(
        fc.double({ min: low[0], max: high[0], noNaN: true }),
        fc.double({ min: low[1], max: high[1], noNaN: true }),
        (x, y) => {
          expect(convert([x, y])).toEqual(general.forward([x, y]));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('puts a point of Minnesota where it is', () => {
    const [lon, lat] = toWgs84('EPSG:26915')([500_000, 5_000_000]);
    expect(lon).toBe(-93);
    expect(lat).toBeCloseTo(45.1534772, 6);
  });
});
