/**
 * On a phone the panel is a bottom sheet that shows its top: after a place is chosen (search,
 * coordinates, a click), the answer for it was below the fold (the card began at y=930 of 844,
 * issue 33). This scrolls the sheet so that the answer's top is in view, once per new place.
 * `key` names the place (its coordinates); pass `null` where nothing should move (a desktop).
 */
import { type RefObject, useEffect } from 'react';

export function useAnswerInView(answer: RefObject<HTMLElement | null>, key: string | null): void {
  useEffect(() => {
    if (key === null) return;
    // After the layout of the new answer (the card grows as its units arrive).
    const frame = requestAnimationFrame(() => {
      const element = answer.current;
      const sheet = element?.closest('.panel');
      if (!element || !(sheet instanceof HTMLElement)) return;
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      // Below the sticky "Show more" toggle at the sheet's top.
      const toggle = sheet.querySelector<HTMLElement>('.sheet-toggle');
      const offset = (toggle?.offsetHeight ?? 0) + 8;
      const top = element.getBoundingClientRect().top - sheet.getBoundingClientRect().top + sheet.scrollTop;
      sheet.scrollTo({ top: Math.max(0, top - offset), behavior: reduce ? 'auto' : 'smooth' });
    });
    return () => cancelAnimationFrame(frame);
  }, [key, answer]);
}
