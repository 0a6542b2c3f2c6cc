/** A location's rows as a definition list, each value with its source: the card's and hearing mode's. */
export interface UnitRow {
  label: string;
  value: string;
  source: string;
}

export function UnitRows({ rows, className }: { rows: readonly UnitRow[]; className: string }) {
  return (
    <dl className={className}>
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>
            {row.value}
            {row.source && <span className="source">{row.source}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
