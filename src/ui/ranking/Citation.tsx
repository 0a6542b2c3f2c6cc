/** A statute or rule citation, shown as text (never as HTML). */
export function Citation({ cite }: { cite: string }) {
  return <cite className="citation">({cite})</cite>;
}
