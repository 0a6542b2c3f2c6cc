/**
 * Asks which column of a credit listing holds each field the template names, when the reader
 * found a required one missing (issue 21): one labelled select per required field. A modal
 * <dialog>: focus stays in it and Escape cancels.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { BWSR_LISTING_COLUMNS } from '../../formats/credits/listingColumns';
import { normaliseHeader } from '../../formats/credits/normaliseHeader';

export interface CreditColumnsDialogProps {
  fileName: string;
  message: string;
  headers: readonly string[];
  /** Header as written → the template's header. */
  onRead: (rename: Record<string, string>) => void;
  onCancel: () => void;
}

/** The template's required fields that the file's headers do not name. */
export function missingFields(headers: readonly string[]) {
  const normalised = headers.map(normaliseHeader);
  return BWSR_LISTING_COLUMNS.filter(
    (spec) => spec.required && !spec.names.some((n) => normalised.includes(n)),
  );
}

export function CreditColumnsDialog({
  fileName,
  message,
  headers,
  onRead,
  onCancel,
}: CreditColumnsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fields = missingFields(headers);
  const [chosen, setChosen] = useState<Record<string, string>>({});
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
          const rename: Record<string, string> = {};
          for (const field of fields) {
            const header = chosen[field.field];
            if (header) rename[header] = field.header;
          }
          onRead(rename);
        }}
      >
        <h2 id={`${id}-title`}>Which columns hold the listing’s details?</h2>
        <p id={`${id}-message`}>
          {fileName}: {message}
        </p>
        {fields.map((field) => (
          <p key={field.field}>
            <label htmlFor={`${id}-${field.field}`}>{field.header}</label>{' '}
            <select
              id={`${id}-${field.field}`}
              value={chosen[field.field] ?? ''}
              onChange={(event) => setChosen({ ...chosen, [field.field]: event.target.value })}
            >
              <option value="">(not in this file)</option>
              {headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </select>
          </p>
        ))}
        <div className="row">
          <button type="submit">Read with these columns</button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
