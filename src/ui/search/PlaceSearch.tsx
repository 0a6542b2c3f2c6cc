/**
 * Keyboard-first impact input: a place search (ARIA combobox) and a coordinate box.
 */
import { type ReactNode, useId, useMemo, useState } from 'react';
import { parseCoordinates } from '../../geo/parseCoordinates';
import type { ExtraSearch } from './plssSearch';
import type { SearchEntry } from './searchIndex';

export interface PlaceSearchProps {
  /** The card's heading: what choosing a place does here. */
  title: string;
  /** The places matching a query, best first (empty until the index has loaded). */
  search: (query: string) => readonly SearchEntry[];
  /** More ways to choose, shown at the end of the card (e.g. drawing the impact area). */
  children?: ReactNode;
  onChoose: (point: [number, number], bounds: SearchEntry['bounds'], label: string) => void;
  /** Answers the search cannot index ahead, e.g. township and range ("T104N R14W S12"). */
  searchExtra?: (query: string) => ExtraSearch;
  /** Called when the search is first focused or typed in: the place names load then (not with the page). */
  onFirstUse?: () => void;
  /** The place names are on their way: an empty answer is not yet "no place". */
  namesLoading?: boolean;
}

export function PlaceSearch({
  title,
  search,
  onChoose,
  searchExtra,
  onFirstUse,
  namesLoading = false,
  children,
}: PlaceSearchProps) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [coordinates, setCoordinates] = useState('');
  const [coordinateError, setCoordinateError] = useState<string | null>(null);
  const [coordinateNote, setCoordinateNote] = useState<string | null>(null);
  const [coordinateOffer, setCoordinateOffer] = useState<{
    typed: [number, number];
    meant: [number, number];
  } | null>(null);
  const listId = useId();
  const extra = useMemo(() => searchExtra?.(query) ?? { entries: [], hint: null }, [searchExtra, query]);
  const results = useMemo(() => [...extra.entries, ...search(query)].slice(0, 8), [search, query, extra]);

  const choose = (entry: SearchEntry) => {
    onChoose(entry.point, entry.bounds, entry.label);
    setQuery(entry.label);
    setOpen(false);
  };

  return (
    <section className="card" aria-labelledby="find-heading">
      <h2 id="find-heading">{title}</h2>
      <div className="combobox">
        <label htmlFor="place-search">
          Search a town, county, major watershed, bank service area or township-range-section
        </label>
        <input
          id="place-search"
          type="search"
          role="combobox"
          autoComplete="off"
          aria-expanded={open && results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && results[active] ? `${listId}-${active}` : undefined}
          value={query}
          placeholder="e.g. Rochester, Aitkin, 41, BSA 7, T104N R14W S12"
          onFocus={onFirstUse}
          onChange={(event) => {
            onFirstUse?.();
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setOpen(true);
              setActive((value) => Math.min(value + 1, results.length - 1));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((value) => Math.max(value - 1, 0));
            } else if (event.key === 'Enter') {
              event.preventDefault();
              const entry = results[active];
              if (entry) choose(entry);
            } else if (event.key === 'Escape') {
              setOpen(false);
            }
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        {open && results.length > 0 && (
          <div id={listId} role="listbox" aria-label="Matching places" className="listbox">
            {results.map((entry, index) => (
              <div
                key={`${entry.kind}:${entry.label}:${entry.detail ?? ''}`}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(entry);
                }}
              >
                {entry.label}
                {/* Only a place's label does not already say what it is ("Aitkin County", "Major watershed 41"). */}
                {entry.detail && <span className="kind"> — {entry.detail}</span>}
              </div>
            ))}
          </div>
        )}
        {open && query.trim() !== '' && results.length === 0 && (
          <p className="hint" role="status">
            {extra.hint ??
              (namesLoading ? 'Loading Minnesota’s place names…' : `No place matches “${query}”.`)}
          </p>
        )}
      </div>
      <form
        className="coordinates"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = parseCoordinates(coordinates);
          if (!parsed.ok) {
            setCoordinateError(parsed.message);
            setCoordinateOffer(null);
            return;
          }
          setCoordinateError(null);
          if (parsed.suggestion) {
            // Outside Minnesota but one slip away from it: ask rather than guess either way.
            setCoordinateOffer({ typed: parsed.lngLat, meant: parsed.suggestion });
            return;
          }
          setCoordinateOffer(null);
          setCoordinateNote(parsed.note ?? null);
          onChoose(parsed.lngLat, null, coordinates);
        }}
      >
        <label htmlFor="coordinates-input">Coordinates (decimal or degrees-minutes-seconds)</label>
        <div className="row">
          <input
            id="coordinates-input"
            value={coordinates}
            placeholder="44.02, -92.47"
            aria-invalid={coordinateError !== null}
            aria-describedby={coordinateError ? 'coordinates-error' : undefined}
            onChange={(event) => setCoordinates(event.target.value)}
          />
          <button type="submit">Go</button>
        </div>
        {coordinateError && (
          <p id="coordinates-error" className="field-error" role="alert">
            {coordinateError}
          </p>
        )}
        {coordinateOffer && (
          <div className="field-error" role="alert">
            <p>
              {latLonText(coordinateOffer.typed)} is not in Minnesota. Did you mean{' '}
              {latLonText(coordinateOffer.meant)}?
            </p>
            <div className="row wrap">
              <button
                type="button"
                onClick={() => {
                  setCoordinateOffer(null);
                  onChoose(coordinateOffer.meant, null, latLonText(coordinateOffer.meant));
                }}
              >
                Use {latLonText(coordinateOffer.meant)}
              </button>
              <button
                type="button"
                onClick={() => {
                  setCoordinateOffer(null);
                  onChoose(coordinateOffer.typed, null, coordinates);
                }}
              >
                Use as typed
              </button>
            </div>
          </div>
        )}
        {coordinateNote && !coordinateOffer && !coordinateError && (
          <p className="hint" role="status">
            {coordinateNote}
          </p>
        )}
      </form>
      {children}
    </section>
  );
}

/** "latitude, longitude" as people type it, to five decimals (about a metre). */
function latLonText([lon, lat]: readonly [number, number]): string {
  return `${Number(lat.toFixed(5))}, ${Number(lon.toFixed(5))}`;
}
