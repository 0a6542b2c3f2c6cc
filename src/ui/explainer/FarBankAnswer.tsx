/**
 * "Why could a bank 100 miles away be used?" answered for the place looked up: its bank service
 * area, how large that area is on the map's outline, and Minn. Stat. 103G.222 subd. 3(c), which
 * starts the banking order at the same service area (level 3).
 */
import { useEffect, useState } from 'react';
import type { Manifest } from '../../formats/manifest';
import type { PlaceUnits } from '../location/placeUnits';
import { type BsaExtent, bsaExtent } from './bsaExtent';

/** Minn. Stat. 103G.222 subd. 3(c) and (a)(3), verbatim from the statute text the engine follows. */
const SUBD_3C =
  'Notwithstanding paragraph (a), clauses (1) and (2), the priority order for replacement by wetland banking begins at paragraph (a), clause (3), according to rules adopted under section 103G.2242, subdivision 1.';
const SUBD_3A3 = 'in the same wetland bank service area as the impacted wetland';

function listed(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function FarBankAnswer({
  place,
  placeName,
  manifest,
  baseUrl,
}: {
  place: PlaceUnits | null;
  placeName: string;
  /** The layers in use (passed in: see bsaExtent.ts on sharing modules with the first script). */
  manifest: Manifest | null;
  baseUrl: string;
}) {
  const bsa = place?.inMinnesota ? place.bankServiceArea : null;
  const [extent, setExtent] = useState<{ id: number; extent: BsaExtent | null } | null>(null);
  useEffect(() => {
    if (!manifest || !bsa) return;
    let current = true;
    void bsaExtent(manifest, baseUrl, bsa.id).then((found) => {
      if (current) setExtent({ id: bsa.id, extent: found });
    });
    return () => {
      current = false;
    };
  }, [manifest, baseUrl, bsa]);
  const found = bsa && extent?.id === bsa.id ? extent.extent : null;
  return (
    <>
      {bsa ? (
        <p>
          {placeName} is in bank service area {bsa.id}, <strong>{bsa.name}</strong>.{' '}
          {found && (
            <>
              That service area covers about {found.squareMiles.toLocaleString('en-US')} square miles
              {found.counties.length > 0 && <> — the counties of {listed(found.counties)}</>} (measured on the
              map's outline of “{found.source}”). A bank anywhere in it counts as the same service area, so it
              can lie far from here.
            </>
          )}
        </p>
      ) : (
        <p>Look up a place above to see which bank service area it is in and how large that area is.</p>
      )}
      <p>
        For bank credits the priority order does not start at the minor or the major watershed: it starts at
        level 3, the same bank service area{bsa ? ` (BSA ${bsa.id})` : ''}. Minn. Stat. 103G.222, subd. 3(c):
      </p>
      <blockquote cite="https://www.revisor.mn.gov/statutes/cite/103G.222">“{SUBD_3C}”</blockquote>
      <p>
        Paragraph (a), clause (3) is “{SUBD_3A3}”. So a bank in the same service area is the first banking
        choice, however far from the loss it lies; a nearer bank in another service area comes later (level
        4).
      </p>
    </>
  );
}
