/**
 * The public view: what the explorer's terms mean, in plain language, beside a map that shows
 * only the wetland area classification, with the place search to look up where you live.
 */

import { useRef } from 'react';
import type { Manifest } from '../formats/manifest';
import { useAnswerInView } from './app/useAnswerInView';
import { FarBankAnswer } from './explainer/FarBankAnswer';
import { PlaceWaters } from './explainer/PlaceWaters';
import { Question } from './explainer/Question';
import { LossesAndReplacements } from './flows/LossesAndReplacements';
import { AreaClassLegend } from './layers/AreaClassLegend';
import type { PlaceUnits } from './location/placeUnits';
import { plainAreaClass } from './plainAreaClass';
import { ShareLink } from './share/ShareLink';

export function Explainer({
  search,
  place,
  manifest,
  baseUrl,
  onLeave,
  offlineStatus,
  answerKey = null,
}: {
  /** On a phone, the place looked up (its coordinates): its answer is scrolled into the sheet's view. */
  answerKey?: string | null;
  /** The layers in use and where they are served from (for the BSA's extent). */
  manifest: Manifest | null;
  baseUrl: string;
  /** The place search, owned by the page. */
  search: React.ReactNode;
  /** Units of the chosen place, when there is one. */
  place: PlaceUnits | null;
  onLeave: () => void;
  /** What works offline, and storing the rest: here on a phone, where the header keeps to the title. */
  offlineStatus?: React.ReactNode;
}) {
  const placeName = place?.county ? `${place.county.name} County` : 'this place';
  const answer = useRef<HTMLParagraphElement>(null);
  useAnswerInView(answer, place?.inMinnesota ? answerKey : null);
  return (
    <aside className="panel explainer" aria-label="What the terms mean">
      <div className="row wrap">
        <button type="button" onClick={onLeave}>
          Back to the explorer
        </button>
        <ShareLink title="Where must a lost wetland be replaced? (Minnesota)" />
      </div>
      {offlineStatus}
      <h2>Where must a lost wetland be replaced?</h2>
      <p>
        When a wetland in Minnesota is drained or filled, the Wetland Conservation Act (Minn. Stat. 103G.222)
        asks for new wetland to replace it — and says <em>where</em>, in a fixed order: as close to the loss
        as possible, in the same water system.
      </p>
      {search}
      {place?.inMinnesota && (
        <p className="explainer-answer" role="status" ref={answer}>
          {plainAreaClass(placeName, place.areaClass)}
        </p>
      )}
      {place?.inMinnesota && <PlaceWaters place={place} placeName={placeName} />}
      {/* The public's question, asked up front; the view says plainly what it cannot show yet. */}
      <h3>Were the wetlands lost here replaced here?</h3>
      <LossesAndReplacements major={place?.inMinnesota ? (place.majorWatershed ?? null) : null} />
      <Question question="Why could a bank 100 miles away be used?">
        <FarBankAnswer place={place} placeName={placeName} manifest={manifest} baseUrl={baseUrl} />
      </Question>
      <h3>Minor and major watersheds</h3>
      <p>
        A <strong>watershed</strong> is all the land that drains to the same stream or lake. Minnesota is
        divided into 81 <strong>major watersheds</strong> (large river basins such as the Minnesota River –
        Mankato) and several thousand <strong>minor watersheds</strong> inside them, each a few square miles
        draining to one small stream.
      </p>
      <h3>Bank service areas (BSAs)</h3>
      <p>
        A <strong>wetland bank</strong> sells credits for wetlands restored ahead of time. The state groups
        the major watersheds into 10 <strong>bank service areas</strong>; credits are meant to be bought in
        the same BSA as the loss.
      </p>
      <h3>The 80-percent classes</h3>
      <p>
        Counties (and some watersheds) are classed by how much of their original, presettlement wetland is
        still there (Minn. R. 8420.0117):
      </p>
      <AreaClassLegend />
      <p>
        Where more than 80 percent remains, most of the landscape is still wetland, so a loss there is
        replaced acre for acre (1:1). Elsewhere it is usually two acres for one (2:1). Replacement may not be
        moved from a place with few wetlands left into one that still has over 80 percent.
      </p>
      <h3>The priority order</h3>
      <ol>
        <li>First, in the same minor watershed as the loss.</li>
        <li>If that is not practical, in the same major watershed.</li>
        <li>Then in the same bank service area.</li>
        <li>Last, in another bank service area.</li>
      </ol>
      <p>
        There are exceptions, for example for public roads, mining and cultivated fields. The explorer applies
        them with the exact clause of the law for each site.
      </p>
      <p className="note">
        The map shows only the area classes. This explorer is a screening aid, not a determination under the
        Act.
      </p>
    </aside>
  );
}
