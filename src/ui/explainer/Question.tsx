/**
 * One question of the plain-language view: a button that opens its answer and brings the answer
 * into view (on a phone the answer would otherwise open below the fold; issue 24, item 9).
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export function Question({ question, children }: { question: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(0);
  const id = useId();
  const asking = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked === 0) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // The question at the top of what can be seen, its answer right below it.
    asking.current?.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [asked]);
  return (
    <div className="explainer-question" ref={asking}>
      <h3>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => {
            setOpen(!open);
            if (!open) setAsked((n) => n + 1);
          }}
        >
          {question}
        </button>
      </h3>
      <section id={id} aria-label={question} hidden={!open}>
        {children}
      </section>
    </div>
  );
}
