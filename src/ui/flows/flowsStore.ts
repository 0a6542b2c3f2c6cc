/**
 * Losses and replacements on the page (issue 34, item 4): the RIBITS ledger exports the user
 * loaded (kept in IndexedDB until "Remove"), the jurisdiction the map colours by, and the
 * accounting worked out from them and the build's ledgers — once per change of the build or
 * the loaded files, in a chunk of its own (computeFlowsView), so the page's first load carries
 * none of it.
 */
import { create } from 'zustand';
import type { Manifest } from '../../formats/manifest';
import type { FlowsAnswer } from './flowsView';
import { NO_LEDGER_WHY } from './noLedgerWords';
import { type PageLedger, readPageLedgers, writePageLedgers } from './pageLedgersDb';

interface FlowsState {
  ledgers: PageLedger[];
  restored: boolean;
  storageError: string | null;
  /** The jurisdiction the map colours by; null: the one with the most credits. */
  jurisdiction: string | null;
  answer: FlowsAnswer | { kind: 'loading' } | null;
  /** What the answer was worked out from (the build and the loaded files). */
  answerKey: string | null;
  add: (ledger: PageLedger) => void;
  remove: (id: string) => void;
  setJurisdiction: (jurisdiction: string | null) => void;
}

export const useFlowsStore = create<FlowsState>((set, get) => {
  const persist = (ledgers: PageLedger[]) =>
    writePageLedgers(ledgers).catch((error: unknown) =>
      set({ storageError: `The ledger files are not kept in this browser: ${String(error)}` }),
    );
  return {
    ledgers: [],
    restored: false,
    storageError: null,
    jurisdiction: null,
    answer: null,
    answerKey: null,
    add: (ledger) => {
      const ledgers = [...get().ledgers.filter((l) => l.name !== ledger.name), ledger];
      set({ ledgers });
      void persist(ledgers);
    },
    remove: (id) => {
      const ledgers = get().ledgers.filter((l) => l.id !== id);
      set({ ledgers });
      void persist(ledgers);
    },
    setJurisdiction: (jurisdiction) => set({ jurisdiction }),
  };
});

let restoring = false;
/** Reads the kept files back once. */
function restorePageLedgers(): void {
  if (restoring) return;
  restoring = true;
  readPageLedgers()
    .then(({ ledgers, damaged }) =>
      useFlowsStore.setState((state) => ({
        ledgers: [...ledgers.filter((l) => !state.ledgers.some((s) => s.name === l.name)), ...state.ledgers],
        restored: true,
        ...(damaged > 0
          ? {
              storageError: `${damaged} ledger file${damaged === 1 ? '' : 's'} kept in this browser could not be read and ${damaged === 1 ? 'is' : 'are'} not used; load ${damaged === 1 ? 'it' : 'them'} again.`,
            }
          : {}),
      })),
    )
    .catch((error: unknown) =>
      useFlowsStore.setState({
        restored: true,
        storageError: `The ledger files kept in this browser could not be read (${String(error)}); none is used.`,
      }),
    );
}

/** Works the accounting out for this build and the loaded files, unless it already is. */
export function ensureFlows(manifest: Manifest | null, baseUrl: string): void {
  restorePageLedgers();
  const state = useFlowsStore.getState();
  if (!manifest || !state.restored) return;
  const key = [manifest.generatedAt, baseUrl, ...state.ledgers.map((l) => `${l.id}:${l.skipBadRows}`)].join(
    '|',
  );
  if (state.answerKey === key) return;
  // No ledger anywhere: said at once, without loading the accounting's chunk.
  if (!manifest.ledgerExportsFile && !manifest.bankRecords?.ledgersFile && state.ledgers.length === 0) {
    useFlowsStore.setState({ answerKey: key, answer: { kind: 'none', why: NO_LEDGER_WHY } });
    return;
  }
  useFlowsStore.setState({ answerKey: key, answer: { kind: 'loading' } });
  void import('./computeFlowsView')
    .then(({ computeFlowsView }) => computeFlowsView(manifest, baseUrl, state.ledgers))
    .catch((error: unknown) => ({
      kind: 'error' as const,
      message: `The losses and replacements could not be worked out: ${error instanceof Error ? error.message : String(error)}`,
    }))
    .then((answer) => {
      if (useFlowsStore.getState().answerKey === key) useFlowsStore.setState({ answer });
    });
}
