/**
 * What the ranking's words mean, said plainly (issue 24, item 11): one disclosure beside the
 * ranking, each term a <dfn> with its explanation and, where the law gives it, the clause. Closed
 * until opened; keyboard and screen readers reach it as any <details>.
 */
import { Citation } from '../ranking/Citation';

interface Entry {
  term: string;
  text: string;
  cite?: string;
}

const ENTRIES: readonly Entry[] = [
  {
    term: 'Ladder',
    text: 'A list of replacement options in the order the law prefers them, best first. There are two: project-specific replacement (a wetland the applicant restores or creates), which starts at level 1, and bank credits (bought from a wetland bank), which start at level 3.',
    cite: '103G.222 subd. 3(a)',
  },
  {
    term: '3(c)',
    text: 'Short for Minn. Stat. 103G.222, subdivision 3, paragraph (c): for wetland banking the priority order begins at level 3, the same bank service area. Other references read the same way: "subd. 1(b)" is subdivision 1, paragraph (b).',
    cite: '103G.222 subd. 3(c)',
  },
  {
    term: 'Level',
    text: 'Where an option stands in the priority order: 1 same minor watershed, 2 same major watershed, 3 same bank service area, 4 another bank service area.',
    cite: '103G.222 subd. 3(a)',
  },
  {
    term: 'In-kind',
    text: 'A replacement of the same wetland type (Circular 39 type) as the wetland lost. Within a level this page lists in-kind options first; the type is asked for in the impact details.',
  },
  {
    term: 'De minimis',
    text: 'A small amount of wetland impact that the law exempts from replacement; the amount depends on the place and the wetland type. It matters here for on-site sequencing of small impacts.',
    cite: '103G.2241 subd. 9(a)',
  },
  {
    term: 'LGU',
    text: 'Local government unit: the city, county, watershed district or other local body that administers the Wetland Conservation Act where the wetland is, and decides on the replacement plan.',
  },
  {
    term: 'Credits not listed',
    text: 'The bank list this page reads (a 2020 snapshot of the U.S. Army Corps of Engineers RIBITS register) gives no credit amounts, so how many credits a bank has left is not known here; ask the bank or the Board of Water and Soil Resources.',
  },
];

export function Glossary() {
  return (
    <details className="glossary">
      <summary>What the words mean</summary>
      <dl>
        {ENTRIES.map((entry) => (
          <div key={entry.term}>
            <dt>
              <dfn>{entry.term}</dfn>
            </dt>
            <dd>
              {entry.text}
              {entry.cite && (
                <>
                  {' '}
                  <Citation cite={entry.cite} />
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
