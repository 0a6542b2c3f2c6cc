/**
 * Asks which columns of a sites file hold each site attribute, when the reader cannot tell by
 * itself: one labelled select per attribute, preset with the remembered choice for these
 * columns or the reader's guess. A modal <dialog>, so focus stays in it and Escape cancels.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { MAPPED_ATTRIBUTES, type MappedAttribute, type SiteColumnMapping } from './siteColumnMapping';

const LABELS: Record<MappedAttribute, string> = {
  name: 'Site name',
  action: 'Action (restoration, creation, …)',
  wetlandType: 'Wetland type (Circular 39)',
  acres: 'Acres',
  credits: 'Credits',
};

export interface SiteColumnsDialogProps {
  fileName: string;
  message: string;
  columns: readonly string[];
  initial: SiteColumnMapping;
  onImport: (mapping: SiteColumnMapping) => void;
  onCancel: () => void;
}

export function SiteColumnsDialog({
  fileName,
  message,
  columns,
  initial,
  onImport,
  onCancel,
}: SiteColumnsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [mapping, setMapping] = useState<SiteColumnMapping>(initial);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="site-columns"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onImport(mapping);
        }}
      >
        <h2 id={`${id}-title`}>Which columns hold the sites’ details?</h2>
        <p id={`${id}-message`}>
          {fileName}: {message}
        </p>
        {MAPPED_ATTRIBUTES.map((attribute) => (
          <div className="field" key={attribute}>
            <label htmlFor={`${id}-${attribute}`}>{LABELS[attribute]}</label>
            <select
              id={`${id}-${attribute}`}
              value={mapping[attribute] ?? ''}
              onChange={(event) => {
                const column = event.target.value;
                setMapping((current) => {
                  const next = { ...current };
                  if (column) next[attribute] = column;
                  else delete next[attribute];
                  return next;
                });
              }}
            >
              <option value="">(not in this file)</option>
              {columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="row wrap">
          <button type="submit">Import with these columns</button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
