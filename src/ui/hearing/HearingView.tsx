/**
 * Hearing mode: the decision stepped through for an audience, in large type with a legend
 * that stays on screen. Next and Previous by button, by the step list, or by ArrowRight /
 * ArrowLeft; ArrowDown / PageDown / Space scroll a step longer than the screen and go on only
 * from its bottom (ArrowUp / PageUp likewise back from its top); Escape leaves. Each step is
 * announced.
 */
import { useEffect, useRef } from 'react';
import type { ImpactInputs } from '../../store/inputs';
import { RulesetNotice } from '../ranking/RulesetNotice';
import type { SitingResults } from '../ranking/useSitingResults';
import { HearingLegend } from './HearingLegend';
import { HearingStepContent } from './HearingStepContent';
import type { HearingStep } from './hearingSteps';

/** Keys that scroll a long step first; the step changes only at its bottom (or top). */
const DOWN_KEYS = new Set(['ArrowDown', 'PageDown', ' ']);
const UP_KEYS = new Set(['ArrowUp', 'PageUp']);

/** The keys, as the help under the step says them. */
export const HEARING_KEYS_HELP =
  'Keys: → next step, ← previous step; ↓, Page Down and Space scroll a long step, then go to the next; Escape leaves.';

/** Scrolls `panel` for a scrolling key; false when already at that end (the step should change). */
function scrollFirst(panel: HTMLElement | null, key: string): boolean {
  if (!panel) return false;
  const down = DOWN_KEYS.has(key);
  const room = down ? panel.scrollHeight - panel.clientHeight - panel.scrollTop : panel.scrollTop;
  if (room <= 1) return false;
  const amount = key.startsWith('Arrow') ? 80 : Math.max(80, panel.clientHeight * 0.8);
  panel.scrollBy({ top: down ? amount : -amount, behavior: 'instant' });
  return true;
}

export interface HearingViewProps {
  steps: HearingStep[];
  step: number;
  onStep: (step: number) => void;
  onExit: () => void;
  results: SitingResults;
  impact: ImpactInputs;
  selectedId: string | null;
  demonstration: boolean;
}

export function HearingView({
  steps,
  step,
  onStep,
  onExit,
  results,
  impact,
  selectedId,
  demonstration,
}: HearingViewProps) {
  const current = steps[step] ?? steps[0];
  const keys = useRef({ step, count: steps.length, onStep, onExit });
  keys.current = { step, count: steps.length, onStep, onExit };

  // Focus lands on the step title when the view opens, never on <body>.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, []);

  // The panel that scrolls; each new step starts at its top.
  const panel = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is the trigger.
  useEffect(() => {
    panel.current?.scrollTo({ top: 0, behavior: 'instant' });
  }, [step]);

  useEffect(() => {
    // Capture phase, so arrows step the hearing even when the map canvas has focus (it would pan).
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea')) return;
      // Space on a focused button presses that button; do not also step.
      if (event.key === ' ' && target?.closest('button')) return;
      const { step: now, count, onStep: go, onExit: leave } = keys.current;
      if (DOWN_KEYS.has(event.key) || UP_KEYS.has(event.key)) {
        if (!scrollFirst(panel.current, event.key)) {
          go(DOWN_KEYS.has(event.key) ? Math.min(now + 1, count - 1) : Math.max(now - 1, 0));
        }
      } else if (event.key === 'ArrowRight') go(Math.min(now + 1, count - 1));
      else if (event.key === 'ArrowLeft') go(Math.max(now - 1, 0));
      else if (event.key === 'Home') go(0);
      else if (event.key === 'End') go(count - 1);
      else if (event.key === 'Escape') leave();
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  if (!current) return null;
  const progress = `Step ${step + 1} of ${steps.length}`;
  return (
    <section className="hearing" aria-labelledby="hearing-title" aria-describedby="hearing-keys" ref={panel}>
      <header className="hearing-bar">
        <p className="hearing-progress" id="hearing-progress">
          {progress}
        </p>
        <button type="button" onClick={onExit}>
          Leave hearing view
        </button>
      </header>
      {demonstration && <p className="hearing-demo">Demonstration geography — not official.</p>}
      {results.result && <RulesetNotice result={results.result} className="hearing-demo" />}
      <h1 id="hearing-title" className="hearing-title" tabIndex={-1} ref={title}>
        {current.title}
      </h1>
      <div className="hearing-content" data-testid="hearing-content">
        <HearingStepContent step={current} results={results} impact={impact} selectedId={selectedId} />
      </div>
      <div className="hearing-nav">
        <button type="button" onClick={() => onStep(Math.max(step - 1, 0))} disabled={step === 0}>
          Previous
        </button>
        <button
          type="button"
          onClick={() => onStep(Math.min(step + 1, steps.length - 1))}
          disabled={step >= steps.length - 1}
        >
          Next
        </button>
      </div>
      <nav aria-label="Hearing steps">
        <ol className="hearing-steps">
          {steps.map((item, index) => (
            <li key={item.key}>
              <button
                type="button"
                aria-current={index === step ? 'step' : undefined}
                aria-label={`Go to step ${index + 1}: ${item.title}`}
                onClick={() => onStep(index)}
              >
                {index + 1}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <p className="hearing-keys" id="hearing-keys">
        {HEARING_KEYS_HELP}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {`${progress}: ${current.title}`}
      </p>
      <HearingLegend />
      <p className="hearing-disclaimer">A screening aid, not a determination under Minn. Stat. 103G.222.</p>
    </section>
  );
}
