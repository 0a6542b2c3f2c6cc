/**
 * Asks which column of a file holds each field a reader needs, when it cannot tell by itself:
 * one labelled select per field, preset with the caller's choice. A modal <dialog>, so focus
 * stays in it and Escape cancels. The sites import and the credit listing import both use it.
 */
import { useEffect, useId, useRef, useState } from 'react';

export interface ColumnMappingField<K extends string> {
  key: K;
  label: string;
}

/** Column name per field; a field left out (or null) is not in the file. */
export type ColumnMapping<K extends string> = Partial<Record<K, string | null>>;

export interface ColumnMappingDialogProps<K extends string, M extends ColumnMapping<K>> {
  title: string;
  submitLabel: string;
  fileName: string;
  message: string;
  columns: readonly string[];
  fields: readonly ColumnMappingField<K>[];
  /** The preset choice; keys beyond `fields` pass through to `onSubmit` untouched. */
  initial: M;
  onSubmit: (mapping: M) => void;
  onCancel: () => void;
}

export function ColumnMappingDialog<K extends string, M extends ColumnMapping<K>>({
  title,
  submitLabel,
  fileName,
  message,
  columns,
  fields,
  initial,
  onSubmit,
  onCancel,
}: ColumnMappingDialogProps<K, M>) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [mapping, setMapping] = useState<M>(initial);
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
          onSubmit(mapping);
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-message`}>
          {fileName}: {message}
        </p>
        {fields.map(({ key, label }) => (
          <div className="field" key={key}>
            <label htmlFor={`${id}-${key}`}>{label}</label>
            <select
              id={`${id}-${key}`}
              value={mapping[key] ?? ''}
              onChange={(event) => {
                const column = event.target.value;
                setMapping((current) => {
                  const next: M = { ...current };
                  if (column) next[key] = column as M[K];
                  else delete next[key];
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
          <button type="submit">{submitLabel}</button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
