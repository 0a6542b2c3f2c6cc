import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { seededRandom } from './randomPoints.ts';

/** Writes a seeded impacts.csv and sites.csv (located only: units come from the layers). */
export async function writeBatchFiles(
  dir: string,
  impacts: number,
  sites: number,
  seed: number,
): Promise<{ impactsFile: string; sitesFile: string }> {
  const random = seededRandom(seed);
  // Inside the state's box, away from its ragged north-east edge, so most points are located.
  const lon = () => (-96.5 + random() * 4.5).toFixed(5);
  const lat = () => (43.7 + random() * 4).toFixed(5);
  const impactRows = ['id,lon,lat,acres,land,project,cultivatedField'];
  for (let i = 0; i < impacts; i++) {
    const land = random() < 0.5 ? 'agricultural' : 'nonagricultural';
    const project = random() < 0.1 ? 'public-transportation' : 'general';
    // A cultivated field is agricultural land (subd. 1(c), 1(g)): the reader refuses the other pair.
    const cultivated = random() < 0.4 && land === 'agricultural';
    impactRows.push(
      `I${i},${lon()},${lat()},${(0.1 + random() * 3).toFixed(2)},${land},${project},${cultivated}`,
    );
  }
  const siteRows = ['id,kind,lon,lat,action,bankApplicationDate,availableCredits'];
  for (let i = 0; i < sites; i++) {
    if (random() < 0.4) {
      siteRows.push(
        `B${i},bank,${lon()},${lat()},,${random() < 0.3 ? '1995-06-01' : '2008-09-30'},${(random() * 5).toFixed(2)}`,
      );
    } else {
      siteRows.push(
        `P${i},project-specific,${lon()},${lat()},${random() < 0.7 ? 'restoration' : 'creation'},,`,
      );
    }
  }
  const impactsFile = path.join(dir, 'impacts.csv');
  const sitesFile = path.join(dir, 'sites.csv');
  await writeFile(impactsFile, `${impactRows.join('\n')}\n`);
  await writeFile(sitesFile, `${siteRows.join('\n')}\n`);
  return { impactsFile, sitesFile };
}
