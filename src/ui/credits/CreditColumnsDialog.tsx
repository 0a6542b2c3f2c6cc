/**
 * Asks which column of a credit listing holds each field the template names, when the reader
 * found a required one missing (issue 21): one labelled select per required field (the shared
 * column mapping dialog).
 */
import { BWSR_LISTING_COLUMNS } from '../../formats/credits/listingColumns';
import { normaliseHeader } from '../../formats/credits/normaliseHeader';
import { type ColumnMapping, ColumnMappingDialog } from '../columns/ColumnMappingDialog';

/** Nothing chosen yet: every missing field starts as "(not in this file)". */
const NONE_CHOSEN: ColumnMapping<string> = {};

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

export function CreditColumnsDialog({ headers, onRead, ...rest }: CreditColumnsDialogProps) {
  const fields = missingFields(headers);
  return (
    <ColumnMappingDialog
      {...rest}
      title="Which columns hold the listing’s details?"
      submitLabel="Read with these columns"
      columns={headers}
      fields={fields.map((field) => ({ key: field.field, label: field.header }))}
      initial={NONE_CHOSEN}
      onSubmit={(chosen) => {
        const rename: Record<string, string> = {};
        for (const field of fields) {
          const header = chosen[field.field];
          if (header) rename[header] = field.header;
        }
        onRead(rename);
      }}
    />
  );
}
