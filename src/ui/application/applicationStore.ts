/**
 * The withdrawal application on the page (issue 37): what the planner typed into it (which bank's
 * application is open is applicationOpen). The typed fields are kept in this device's storage (and written to
 * the project file), never in the shareable link; opening an application is not an input either.
 */
import { create } from 'zustand';
import type { PlanApproval, PoolChoice } from '../../siting/planApprovals';
import {
  type ApplicationDraft,
  type ApplicationTextField,
  emptyApplicationDraft,
  readApplicationDraft,
} from '../../store/applicationDraft';

export const DRAFT_STORAGE_KEY = 'mn-wetland-siting:application';

interface ApplicationState {
  draft: ApplicationDraft;
  setText: (field: ApplicationTextField, value: string) => void;
  setPlan: (plan: PlanApproval) => void;
  /** The planner's pools for one bank; null goes back to the default fill. */
  setChoices: (candidateId: string, choices: PoolChoice[] | null) => void;
  replaceDraft: (draft: ApplicationDraft) => void;
  /** Records the bank whose application was prepared (the report names it). */
  setPrepared: (candidateId: string) => void;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function storedDraft(): ApplicationDraft {
  try {
    const text = storage()?.getItem(DRAFT_STORAGE_KEY);
    if (!text) return emptyApplicationDraft();
    const read = readApplicationDraft(JSON.parse(text));
    return read.ok ? read.draft : emptyApplicationDraft();
  } catch {
    return emptyApplicationDraft();
  }
}

export const useApplicationStore = create<ApplicationState>()((set) => ({
  draft: storedDraft(),
  setText: (field, value) =>
    set((s) => ({ draft: { ...s.draft, text: { ...s.draft.text, [field]: value } } })),
  setPlan: (plan) => set((s) => ({ draft: { ...s.draft, plan } })),
  setChoices: (candidateId, choices) =>
    set((s) => {
      const next = { ...s.draft.choices };
      if (choices === null) delete next[candidateId];
      else next[candidateId] = choices;
      return { draft: { ...s.draft, choices: next } };
    }),
  replaceDraft: (draft) => set({ draft }),
  setPrepared: (candidateId) =>
    set((s) =>
      s.draft.preparedFor === candidateId ? s : { draft: { ...s.draft, preparedFor: candidateId } },
    ),
}));

// Every change is kept on this device at once: nothing typed is lost on reload.
useApplicationStore.subscribe((state, previous) => {
  if (state.draft === previous.draft) return;
  try {
    storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(state.draft));
  } catch {
    // Storage full or refused: the draft stays in this page; the project file still keeps it.
  }
});
