/**
 * Named scenarios kept in this browser (IndexedDB): save the current work under a name, then
 * open, rename, duplicate or delete it. Survives reload and a browser restart.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Inputs } from '../store/inputs';
import {
  deleteSavedScenario,
  listSavedScenarios,
  newScenarioId,
  putSavedScenario,
  type SavedScenario,
} from '../store/savedScenarios';
import { pickInputs, useSitingStore } from '../store/sitingStore';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function SavedScenarios({ onOpened }: { onOpened: (inputs: Inputs) => void }) {
  const [scenarios, setScenarios] = useState<SavedScenario[] | null>(null);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [deleted, setDeleted] = useState<SavedScenario | null>(null);

  const refresh = useCallback(async () => {
    try {
      setScenarios(await listSavedScenarios());
    } catch (failure) {
      setError(`Saved scenarios are not available: ${messageOf(failure)}`);
      setScenarios([]);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const run = async (work: () => Promise<void>, done: string) => {
    setError('');
    try {
      await work();
      setStatus(done);
      await refresh();
    } catch (failure) {
      setError(`Could not save: ${messageOf(failure)}`);
    }
  };

  const saveCurrent = () => {
    const trimmed = name.trim() || `Scenario ${new Date().toLocaleString('en-US')}`;
    void run(async () => {
      await putSavedScenario({
        id: newScenarioId(),
        name: trimmed,
        savedAt: new Date().toISOString(),
        inputs: pickInputs(useSitingStore.getState()),
      });
      setName('');
    }, `Saved “${trimmed}”.`);
  };

  /**
   * Opens a scenario without losing the work that was open: unless it is already saved, it is
   * kept first as a scenario of its own (as a link that replaces open work does).
   */
  const openKeepingCurrent = async (scenario: SavedScenario, inputs: Inputs) => {
    const current = pickInputs(useSitingStore.getState());
    const hasWork = current.impact.location !== null || current.userSites.length > 0;
    const { sameInputs } = await import('../exports/projectFile');
    const alreadySaved = (scenarios ?? []).some((saved) => sameInputs(saved.inputs, current));
    let kept = '';
    if (hasWork && !alreadySaved) {
      kept = `Work before opening “${scenario.name}” (${new Date().toLocaleString('en-US')})`;
      try {
        await putSavedScenario({
          id: newScenarioId(),
          name: kept,
          savedAt: new Date().toISOString(),
          inputs: current,
        });
      } catch (failure) {
        setError(
          `“${scenario.name}” was not opened: the open work could not be kept (${messageOf(failure)}).`,
        );
        return;
      }
    }
    useSitingStore.getState().replaceInputs(inputs);
    onOpened(inputs);
    setStatus(`Opened “${scenario.name}”.${kept ? ` The work that was open is kept as “${kept}”.` : ''}`);
    await refresh();
  };

  return (
    <section className="card" aria-labelledby="saved-heading">
      <h2 id="saved-heading">Saved scenarios</h2>
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          saveCurrent();
        }}
      >
        <label htmlFor="scenario-name" className="visually-hidden">
          Name for the current scenario
        </label>
        <input
          id="scenario-name"
          value={name}
          maxLength={200}
          placeholder="Name, e.g. County Road 12 option A"
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit">Save current as…</button>
      </form>
      {scenarios === null ? (
        <p role="status">Reading saved scenarios…</p>
      ) : scenarios.length === 0 ? (
        <p className="hint">None yet. Saved scenarios stay in this browser.</p>
      ) : (
        <ul className="saved-list" aria-label="Saved scenarios">
          {scenarios.map((scenario) => (
            <li key={scenario.id}>
              {renaming?.id === scenario.id ? (
                <form
                  className="row"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const next = renaming.name.trim();
                    if (!next) return;
                    setRenaming(null);
                    void run(
                      () => putSavedScenario({ ...scenario, name: next, savedAt: new Date().toISOString() }),
                      `Renamed to “${next}”.`,
                    );
                  }}
                >
                  <label htmlFor={`rename-${scenario.id}`} className="visually-hidden">
                    New name for {scenario.name}
                  </label>
                  <input
                    id={`rename-${scenario.id}`}
                    value={renaming.name}
                    maxLength={200}
                    onChange={(event) => setRenaming({ id: scenario.id, name: event.target.value })}
                  />
                  <button type="submit">Save name</button>
                  <button type="button" onClick={() => setRenaming(null)}>
                    Cancel
                  </button>
                </form>
              ) : (
                <>
                  <span className="saved-name">{scenario.name}</span>{' '}
                  <span className="kind">{new Date(scenario.savedAt).toLocaleString('en-US')}</span>
                  <div className="row wrap">
                    <button
                      type="button"
                      aria-label={`Open ${scenario.name}`}
                      onClick={async () => {
                        // Records may come from an older version of the page: read them by the
                        // same rules as a project file, and refuse rather than half-apply.
                        const { decodeProjectFile, encodeProjectFile } = await import(
                          '../exports/projectFile'
                        );
                        const read = decodeProjectFile(encodeProjectFile(scenario.inputs));
                        if (!read.ok) {
                          setError(`“${scenario.name}” could not be opened: ${read.error}`);
                          return;
                        }
                        void openKeepingCurrent(scenario, read.inputs);
                      }}
                    >
                      Open
                    </button>
                    <button
                      type="button"
                      aria-label={`Rename ${scenario.name}`}
                      onClick={() => setRenaming({ id: scenario.id, name: scenario.name })}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      aria-label={`Duplicate ${scenario.name}`}
                      onClick={() =>
                        void run(
                          () =>
                            putSavedScenario({
                              ...scenario,
                              id: newScenarioId(),
                              name: `${scenario.name} (copy)`,
                              savedAt: new Date().toISOString(),
                            }),
                          `Duplicated “${scenario.name}”.`,
                        )
                      }
                    >
                      Duplicate
                    </button>
                    <button
                      type="button"
                      aria-label={`Delete ${scenario.name}`}
                      onClick={() =>
                        void run(async () => {
                          await deleteSavedScenario(scenario.id);
                          setDeleted(scenario);
                        }, `Deleted “${scenario.name}”.`)
                      }
                    >
                      Delete
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="hint">
        {status}
      </p>
      {deleted && (
        <button
          type="button"
          onClick={() => {
            const restored = deleted;
            setDeleted(null);
            void run(() => putSavedScenario(restored), `Restored “${restored.name}”.`);
          }}
        >
          Undo delete of {deleted.name}
        </button>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </section>
  );
}
