/**
 * Issue 38 item 3, the page's side: under the not-enacted rule set (the 2026 bill striking
 * 103G.222 subd. 3(c), "Notwithstanding paragraph (a), clauses (1) and (2), the priority order for
 * replacement by wetland banking begins at paragraph (a), clause (3)") the exported CSV and
 * GeoJSON, and the notice the ranking table, the report and hearing mode show, say it is a bill,
 * not law, with its status as verified — read from the rule set. Under the enacted text none does.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { rankedCsv } from '../../../src/exports/rankedCsv.ts';
import { scenarioGeoJson } from '../../../src/exports/scenarioGeoJson.ts';
import {
  BILL_2026_STRIKE_3C_RULESET,
  DEFAULT_RULESET,
  rankScenario,
  rulesetNotice,
} from '../../../src/siting/index.ts';
import type { ImpactInputs } from '../../../src/store/inputs.ts';
import { RulesetNotice } from '../../../src/ui/ranking/RulesetNotice.tsx';
import { oneCandidate } from '../../fixtures/siting/scenarios.ts';

const scenario = oneCandidate({}, { id: 'bank-1', kind: 'bank', action: null });
const impact = {
  location: [-92.47, 44.02],
  polygon: null,
  acres: 1,
  land: 'nonagricultural',
  cultivatedField: false,
  project: 'general',
  afterTheFact: false,
} as unknown as ImpactInputs;
const BILL_NOTICE = rulesetNotice(BILL_2026_STRIKE_3C_RULESET) as string;

describe.each([
  { name: 'the enacted text', ruleset: DEFAULT_RULESET, notice: null },
  { name: 'the 2026 bill', ruleset: BILL_2026_STRIKE_3C_RULESET, notice: BILL_NOTICE },
])('page outputs under $name', ({ ruleset, notice }) => {
  const result = rankScenario(scenario, { ruleset });

  it('the ranked CSV has the rulesetNotice cell on every row', () => {
    const [header, ...rows] = rankedCsv(result, new Map(), new Map(), { demonstrationLayers: [] })
      .trim()
      .split('\r\n');
    const columns = header?.split(',') ?? [];
    expect(columns.indexOf('rulesetNotice')).toBe(columns.indexOf('ruleset') + 1);
    expect(rows).toHaveLength(1);
    for (const row of rows)
      expect(row).toContain(`,${ruleset.id},${notice === null ? '' : `"${notice}"`},official layers,`);
  });

  it('the GeoJSON says it at the top of the collection and on the impact', () => {
    const collection = scenarioGeoJson(impact, scenario, result, new Map(), { demonstrationLayers: [] });
    expect(collection.rulesetNotice).toBe(notice);
    const impactFeature = collection.features.find((feature) => feature.id === 'impact');
    expect(impactFeature?.properties).toMatchObject({ ruleset: ruleset.id, rulesetNotice: notice });
  });

  it('the ranking table, report and hearing mode show it as a note (or nothing)', () => {
    const markup = renderToStaticMarkup(createElement(RulesetNotice, { result }));
    if (notice === null) expect(markup).toBe('');
    else {
      expect(markup).toContain('role="note"');
      expect(markup).toContain('aria-label="Rule set not enacted"');
      expect(markup).toContain('Not law: this ranking applies a bill, SF 4911 / HF 4764');
      expect(markup).toContain('Status as verified: introduced');
    }
  });
});
