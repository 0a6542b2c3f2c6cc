/**
 * Asks which columns of a sites file hold each site attribute, when the reader cannot tell by
 * itself: one labelled select per attribute, preset with the remembered choice for these
 * columns or the reader's guess (the shared column mapping dialog).
 */
import { ColumnMappingDialog } from '../columns/ColumnMappingDialog';
import { MAPPED_ATTRIBUTES, type MappedAttribute, type SiteColumnMapping } from './siteColumnMapping';

const LABELS: Record<MappedAttribute, string> = {
  name: 'Site name',
  action: 'Action (restoration, creation, …)',
  wetlandType: 'Wetland type (Circular 39)',
  acres: 'Acres',
  credits: 'Credits',
};

const FIELDS = MAPPED_ATTRIBUTES.map((key) => ({ key, label: LABELS[key] }));

export interface SiteColumnsDialogProps {
  fileName: string;
  message: string;
  columns: readonly string[];
  initial: SiteColumnMapping;
  onImport: (mapping: SiteColumnMapping) => void;
  onCancel: () => void;
}

export function SiteColumnsDialog({ initial, onImport, ...rest }: SiteColumnsDialogProps) {
  return (
    <ColumnMappingDialog
      {...rest}
      title="Which columns hold the sites’ details?"
      submitLabel="Import with these columns"
      fields={FIELDS}
      initial={initial}
      onSubmit={onImport}
    />
  );
}
