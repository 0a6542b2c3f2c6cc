/**
 * The explore mode's panel beside the map: notices and layer status, the impact (search,
 * coordinates, drawn area), its location card, details and sequencing record, the sites, the
 * exports and saved scenarios, the layer list, and on a phone the ranking in the bottom sheet.
 */
import { type ReactNode, useRef } from 'react';
import type { Inputs } from '../../store/inputs';
import { useLayerStore } from '../../store/layerStore';
import { useSitingStore } from '../../store/sitingStore';
import { LazyCreditsPanel } from '../credits/LazyCreditsPanel';
import { dateStamp, downloadFile } from '../exports/downloadFile';
import { ExportsPanel } from '../exports/ExportsPanel';
import { LazyFlowsPanel } from '../flows/LazyFlowsPanel';
import { LayerList } from '../layers/LayerList';
import { LayerStatus } from '../layers/LayerStatus';
import { ImpactDetailsForm } from '../location/ImpactDetailsForm';
import { LocationCard } from '../location/LocationCard';
import type { LocatePoint } from '../location/locateOnce';
import { SequencingRecord } from '../location/SequencingRecord';
import { Notices } from '../Notices';
import { OfflineStatus } from '../offline/OfflineStatus';
import { ResultsAnnouncer } from '../ranking/ResultsAnnouncer';
import type { SitingResults } from '../ranking/useSitingResults';
import { reportHtml } from '../report/reportHtml';
import type { useReportCapture } from '../report/useReportCapture';
import { SavedScenarios } from '../SavedScenarios';
import { ShareLink } from '../share/ShareLink';
import { SitesPanel } from '../sites/SitesPanel';
import { useAnswerInView } from './useAnswerInView';

export interface ControlsPanelProps {
  results: SitingResults;
  /** The place search, with the impact area's drawing inside it. */
  search: ReactNode;
  /** On a phone the ranking sits in this panel (the bottom sheet); null on a desktop. */
  phoneRanking: ReactNode;
  locate: LocatePoint;
  /** Why the last click on the map added no site, if it did not. */
  clickRefusal: string | null;
  /** The bottom sheet's state on a phone; null on a desktop. */
  sheet: 'peek' | 'full' | null;
  setSheet: (sheet: 'peek' | 'full') => void;
  /** A saved scenario or project file was opened: move to its view. */
  onOpened: (inputs: Inputs) => void;
  report: ReturnType<typeof useReportCapture>;
}

export function ControlsPanel(props: ControlsPanelProps) {
  const { results, sheet, report } = props;
  const manifest = useLayerStore((state) => state.manifest);
  const impact = useSitingStore((state) => state.impact);
  const setMode = useSitingStore((state) => state.setMode);
  // On a phone the sheet shows its top: once a place is chosen, its card is the answer to show.
  const cardBox = useRef<HTMLDivElement>(null);
  useAnswerInView(cardBox, sheet !== null && impact.location ? impact.location.join(',') : null);
  return (
    <aside className="panel" aria-label="Controls and results">
      {sheet !== null && (
        <button
          type="button"
          className="sheet-toggle"
          aria-expanded={sheet === 'full'}
          onClick={() => props.setSheet(sheet === 'full' ? 'peek' : 'full')}
        >
          {sheet === 'full' ? 'Show more map' : 'Show more of the panel'}
        </button>
      )}
      <Notices />
      {/* On a phone the header keeps to the title: what works offline, and storing the rest, are here. */}
      {sheet !== null && <OfflineStatus />}
      {sheet !== null && <ShareLink title="Wetland replacement siting explorer" />}
      <LayerStatus />
      {props.search}
      <div ref={cardBox} className="card-box">
        <LocationCard
          location={impact.location}
          state={results.location}
          demonstration={manifest?.demonstration ?? false}
          areaClass={results.result?.impact.units ?? null}
          plss={results.plss}
          footer={
            <p className="card-footer">
              <button type="button" className="link-button" onClick={() => setMode({ kind: 'public' })}>
                What do these mean?
              </button>
            </p>
          }
        />
      </div>
      <ImpactDetailsForm requirement={results.result?.requirement ?? null} />
      <SequencingRecord />
      <SitesPanel locate={props.locate} clickRefusal={props.clickRefusal} />
      <LazyCreditsPanel results={results} />
      <LazyFlowsPanel place={results.place} />
      {props.phoneRanking}
      <ExportsPanel
        results={results}
        onOpened={props.onOpened}
        onPrintReport={() => {
          report.captureReport();
          window.print();
        }}
        onDownloadReport={() => {
          report.captureReport();
          const markup = report.reportRef.current?.outerHTML;
          if (!markup) return;
          downloadFile(
            `screening-report-${dateStamp()}.html`,
            'text/html;charset=utf-8',
            reportHtml(markup, 'Wetland replacement screening report'),
          );
        }}
      />
      <SavedScenarios onOpened={props.onOpened} />
      <LayerList />
      <ResultsAnnouncer results={results} />
    </aside>
  );
}
