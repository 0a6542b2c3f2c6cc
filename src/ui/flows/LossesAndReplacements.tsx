/**
 * The public's question, "were the wetlands lost here replaced here?", answered where it is asked
 * (the public view, hearing mode, the report, the losses-and-replacements panel) from the RIBITS
 * ledgers (issue 34): for the place's major watershed, the credits withdrawn for impacts in it and
 * where the selling banks are, with the sources and their dates; and always what the ledgers
 * cannot show (lossesNotShown). With no ledger it says so and how to get one; never a blank.
 */
import { majorFlowSentences } from '../../siting/flowWords';
import { useLayerStore } from '../../store/layerStore';
import { lossesNotShown, RIBITS_URL, WCA_REPORTS_URL } from '../explainer/lossesNotShown';
import { bsaNameOfMajor, type FlowsView, majorRows } from './flowsView';
import { HOW_TO_GET_A_LEDGER } from './noLedgerWords';
import { useFlows } from './useFlows';

function Links({ links }: { links: boolean }) {
  return links ? (
    <>
      <a href={WCA_REPORTS_URL} target="_blank" rel="noreferrer">
        BWSR WCA Program Reports
      </a>
      {' · '}
      <a href={RIBITS_URL} target="_blank" rel="noreferrer">
        USACE RIBITS
      </a>
    </>
  ) : (
    `(${WCA_REPORTS_URL.replace('https://', '')}; ${RIBITS_URL.replace('https://', '').replace(/\/$/, '')})`
  );
}

/** The sentences for one major, in words. */
export function majorFlowText(view: FlowsView, major: { id: number; name: string }): string {
  const sentences = majorFlowSentences(majorRows(view, major.id), bsaNameOfMajor(view, major.id));
  const watershed = `the ${major.name || `major watershed ${major.id}`} watershed`;
  return sentences.length === 0
    ? `No withdrawal in the loaded ledgers is for an impact in ${watershed}, and no bank in it sold credits for impacts elsewhere.`
    : `Wetland bank credits for impacts in ${watershed}: ${sentences.join(' ')}`;
}

export function LossesAndReplacements({
  major,
  links = true,
  className = 'losses-not-shown',
}: {
  /** The place's major watershed, when there is a place. */
  major: { id: number; name: string } | null;
  /** Printed, the addresses are written out (a link is not followable on paper). */
  links?: boolean;
  className?: string;
}) {
  const manifest = useLayerStore((state) => state.manifest);
  const answer = useFlows();
  const text = lossesNotShown(manifest, answer?.kind === 'ready');
  if (answer?.kind !== 'ready')
    return (
      <p className={className} role="note" aria-label="Losses and replacements not shown">
        <strong>{text.missing}</strong>{' '}
        {answer?.kind === 'loading'
          ? 'Reading the RIBITS ledgers for the withdrawals by watershed… '
          : answer?.kind === 'error'
            ? `${answer.message} `
            : `${HOW_TO_GET_A_LEDGER} `}
        {text.where} <Links links={links} />
      </p>
    );
  const { view } = answer;
  return (
    <div className={className} role="note" aria-label="Losses and replacements">
      <p>
        <strong>
          {major
            ? majorFlowText(view, major)
            : 'Choose a place to see the wetland bank credits withdrawn for impacts in its major watershed.'}
        </strong>
      </p>
      <p className="flow-source">
        Source: {view.sources.join('; ')}
        {view.asOf ? `; as of ${view.asOf}` : ''}.
        {view.geography.demonstration
          ? ' The watershed outlines are demonstration geography, not official: which watershed a bank lies in is invented here.'
          : ''}
      </p>
      <p className="flow-missing">
        {text.missing} {text.where} <Links links={links} />
      </p>
    </div>
  );
}
