/**
 * Which bank's withdrawal application is open (issue 37): not an input and not in the link. Apart
 * from the typed draft (applicationStore) so the first screen loads only this.
 */
import { create } from 'zustand';

interface ApplicationOpen {
  /** The bank (candidate id) whose application is open; null when none is. */
  openFor: string | null;
  open: (candidateId: string) => void;
  close: () => void;
}

export const useApplicationOpen = create<ApplicationOpen>()((set) => ({
  openFor: null,
  open: (candidateId) => set({ openFor: candidateId }),
  close: () => set({ openFor: null }),
}));
