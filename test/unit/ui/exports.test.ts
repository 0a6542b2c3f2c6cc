/**
 * Exports a planner keeps: CSV cells that a spreadsheet cannot run, and a project file that
 * reads back to the same inputs — or is refused, naming the field, when it is damaged.
 */
import { describe, expect, it } from 'vitest';
import { decodeProjectFile, encodeProjectFile, sameInputs } from '../../../src/exports/projectFile.ts';
import { csvCell, csvText } from '../../../src/formats/csv/csvCell.ts';
import { defaultInputs, type Inputs } from '../../../src/store/inputs.ts';

function sampleInputs(): Inputs {
  const inputs = defaultInputs();
  inputs.impact.location = [-93.30000000001, 45.1];
  inputs.impact.acres = 2.5;
  inputs.impact.land = 'agricultural';
  // The sequencing record and the other issue-13 details are kept in the project file too.
  inputs.impact.sequencing = {
    avoid: 'Bridge instead of fill',
    minimize: '',
    rectify: '',
    reduce: 'Seasonal work',
  };
  inputs.impact.partiallyDrainedAcres = 0.5;
  inputs.impact.wetlandType = '2';
  inputs.hiddenBankStatuses = ['Pending'];
  inputs.userSites = [
    { id: 'a', name: '<img src=x onerror=alert(1)>', location: [-93.2, 45.2], action: 'creation' },
  ];
  inputs.layers.counties.visible = false;
  inputs.layers.areaClass.opacity = 0.3;
  inputs.selectedCandidateId = 'a';
  inputs.view = { center: [-93.3, 45.1], zoom: 8.25 };
  inputs.mode = { kind: 'hearing', step: 4 };
  return inputs;
}

describe('csvCell', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1 call', "'+1 call"],
    ['-cmd', "'-cmd"],
    ['@x', "'@x"],
    ['\tx', "'\tx"],
    ['-92.47', '-92.47'],
    ['+3', '+3'],
    ['1e-5', '1e-5'],
    ['a,"b"', '"a,""b"""'],
    ['two\nlines', '"two\nlines"'],
  ])('%j becomes %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('keeps numbers numbers and writes null as empty', () => {
    expect(csvText([[-92.47, null, true, '=1+1']])).toBe("-92.47,,true,'=1+1\r\n");
  });
});

describe('project file', () => {
  it('reads back to exactly the inputs it was written from', () => {
    const inputs = sampleInputs();
    const read = decodeProjectFile(encodeProjectFile(inputs));
    expect(read).toEqual({ ok: true, inputs, application: null });
    if (read.ok) expect(sameInputs(read.inputs, inputs)).toBe(true);
  });

  it('reads the defaults back as the defaults', () => {
    expect(decodeProjectFile(encodeProjectFile(defaultInputs()))).toEqual({
      ok: true,
      inputs: defaultInputs(),
      application: null,
    });
  });

  const damaged: [string, (file: { inputs: Record<string, unknown> }) => void, string][] = [
    [
      'acres as text',
      (file) => Object.assign(file.inputs.impact as object, { acres: '2' }),
      'inputs.impact.acres',
    ],
    [
      'negative acres',
      (file) => Object.assign(file.inputs.impact as object, { acres: -1 }),
      'inputs.impact.acres',
    ],
    [
      'a land use',
      (file) => Object.assign(file.inputs.impact as object, { land: 'swamp' }),
      'inputs.impact.land',
    ],
    [
      'a latitude',
      (file) => Object.assign(file.inputs.impact as object, { location: [0, 95] }),
      'inputs.impact.location',
    ],
    [
      'a site action',
      (file) => (((file.inputs.userSites as { action: string }[])[0] as { action: string }).action = 'dig'),
      'inputs.userSites',
    ],
    [
      'a layer',
      (file) => Object.assign(file.inputs.layers as object, { nope: { visible: true, opacity: 1 } }),
      'inputs.layers',
    ],
    ['a mode', (file) => Object.assign(file.inputs, { mode: { kind: 'party' } }), 'inputs.mode'],
    ['the view', (file) => Object.assign(file.inputs, { view: { center: [0, 0], zoom: 40 } }), 'inputs.view'],
  ];
  it.each(damaged)('refuses a file with a bad %s, naming the field', (_, damage, field) => {
    const file = JSON.parse(encodeProjectFile(sampleInputs()));
    damage(file);
    const read = decodeProjectFile(JSON.stringify(file));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain(`"${field}`);
  });

  it('refuses what is not a project file', () => {
    expect(decodeProjectFile('not json')).toMatchObject({ ok: false });
    expect(decodeProjectFile('{"format":"other","version":1,"inputs":{}}')).toMatchObject({
      ok: false,
      error: expect.stringContaining('"format"'),
    });
    expect(
      decodeProjectFile(JSON.stringify({ format: 'mn-wetland-siting-project', version: 2, inputs: {} })),
    ).toMatchObject({ ok: false, error: expect.stringContaining('"version"') });
  });
});

describe('project file: the withdrawal application typed in (issue 37)', () => {
  it('keeps the typed fields, the approval and the chosen pools, and never puts them in the link', async () => {
    const { emptyApplicationDraft } = await import('../../../src/store/applicationDraft.ts');
    const { encodeUrlState } = await import('../../../src/store/urlState.ts');
    const draft = emptyApplicationDraft();
    draft.text.applicantName = 'Ada Planner';
    draft.text.lguAddress = '<b>1 Main St</b>\u001b[31m';
    draft.plan = 'wca-and-404';
    draft.choices['ribits-6'] = [{ key: 'listing.csv#2', credits: 0.5 }];
    draft.preparedFor = 'ribits-6';
    const read = decodeProjectFile(encodeProjectFile(sampleInputs(), draft));
    if (!read.ok) throw new Error(read.error);
    // Text stays text; the terminal's escape character is dropped.
    expect(read.application).toEqual({
      ...draft,
      text: { ...draft.text, lguAddress: '<b>1 Main St</b>[31m' },
    });
    expect(encodeUrlState(read.inputs)).not.toMatch(/Ada|Main/);
    // A file written before the application existed opens with none.
    const older = decodeProjectFile(encodeProjectFile(sampleInputs()));
    expect(older.ok && older.application).toBeNull();
  });

  it.each([
    [{ text: { applicantName: 7 } }, '"application.text.applicantName" must be text'],
    [{ text: { applicantName: 'x'.repeat(501) } }, 'longer than 500 characters'],
    [{ plan: 'usda' }, '"application.plan" must be one of wca, wca-and-404'],
    [{ choices: { b: [{ key: 'k', credits: -1 }] } }, 'credits must be 0 or more'],
  ])('refuses a damaged application %j, naming the field', (application, message) => {
    const file = JSON.parse(encodeProjectFile(sampleInputs()));
    const read = decodeProjectFile(JSON.stringify({ ...file, application }));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.error).toContain(message);
  });
});
