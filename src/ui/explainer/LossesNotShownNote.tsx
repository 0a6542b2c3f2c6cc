/**
 * The public's question the explorer cannot answer yet, said where it is asked (the public view,
 * hearing mode, the report): what is not shown, and where the figures are (lossesNotShown.ts).
 */
import { useLayerStore } from '../../store/layerStore';
import { lossesNotShown, RIBITS_URL, WCA_REPORTS_URL } from './lossesNotShown';

export function LossesNotShownNote({
  links = true,
  className = 'losses-not-shown',
}: {
  /** Printed, the addresses are written out (a link is not followable on paper). */
  links?: boolean;
  className?: string;
}) {
  const manifest = useLayerStore((state) => state.manifest);
  const text = lossesNotShown(manifest);
  return (
    <p className={className} role="note" aria-label="Losses and replacements not shown">
      <strong>{text.missing}</strong> {text.where}{' '}
      {links ? (
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
      )}
    </p>
  );
}
