/** Adds one line to the page's dismissible notices (once: a repeated line is not shown twice). */
import { useSitingStore } from './sitingStore';

export function addNotice(message: string): void {
  useSitingStore.setState((state) =>
    state.notices.includes(message) ? state : { notices: [...state.notices, message] },
  );
}
