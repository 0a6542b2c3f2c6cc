import { rulesetNotice } from '../siting/index.ts';
import { banksForImpact, builtBanks, creditsSummary, ledgerSupplyOf } from './builtBanks.ts';
import { UsageError } from './cliErrors.ts';
import { type DataDir, loadOverrides, openDataDir } from './dataDir.ts';
import { DEMONSTRATION_NOTICE } from './notice.ts';
import { parseArgs } from './parseArgs.ts';
import { pickRuleset, rankWithData } from './rankWithData.ts';
import { readScenarioFile } from './readScenarioFile.ts';

/** Opens the data directory once, on first need. */
export function lazyData(dir: string): () => Promise<DataDir> {
  let opened: Promise<DataDir> | undefined;
  return () => {
    opened ??= openDataDir(dir);
    return opened;
  };
}

/** `--today YYYY-MM-DD` (credit figures are aged to it when the impact has no application date), else the system date. */
export function readToday(value: string | undefined): string {
  if (value === undefined) return new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
    throw new UsageError(`--today: "${value}" is not a date YYYY-MM-DD`);
  return value;
}

/** `rank <scenario.json> [--data DIR] [--overrides FILE] [--ruleset ID]`: one ranked scenario. */
export async function rankCommand(
  args: readonly string[],
): Promise<{ output: unknown; demonstration: boolean; rulesetNotice: string | null }> {
  const { positional, options } = parseArgs(args, ['data', 'overrides', 'ruleset', 'today']);
  const file = positional[0];
  if (file === undefined)
    throw new UsageError('scenario: file is missing (usage: rank <scenario.json> [--data DIR])');
  if (positional.length > 1) throw new UsageError(`${positional[1]}: unexpected argument`);
  const ruleset = pickRuleset(options.get('ruleset'));
  const { scenario: parsedScenario, useBuiltBanks } = await readScenarioFile(file);
  const today = readToday(options.get('today'));
  const overrides = await loadOverrides(options.get('overrides'), options.get('data') ?? 'public/data');
  const openData = lazyData(options.get('data') ?? 'public/data');
  const built = useBuiltBanks ? await builtBanks(await openData()) : null;
  const scenario = built
    ? {
        impact: parsedScenario.impact,
        candidates: banksForImpact(built.candidates, parsedScenario.impact.wetlandType),
      }
    : parsedScenario;
  const ranked = await rankWithData(scenario, { ruleset, overrides, today }, openData, {
    candidatesPlaced: built !== null,
  });
  const { result } = ranked;
  const demonstration = ranked.demonstration || (built?.demonstration ?? false);
  // A bill's rule set says it is not law, with its status as verified (issue 38 item 3).
  const notLaw = rulesetNotice(ruleset);
  const output = {
    ruleset: result.ruleset,
    enacted: ruleset.enacted,
    rulesetNotice: notLaw,
    ...(demonstration ? { demonstration: true, notice: DEMONSTRATION_NOTICE } : { demonstration: false }),
    impact: result.impact,
    requirement: result.requirement,
    ...(built
      ? {
          candidatesFrom: 'built banks (sites.fgb)',
          credits: creditsSummary(built.credits),
          ledgerSupply: await ledgerSupplyOf((await openData()).dir, built.candidates),
        }
      : {}),
    candidates: result.candidates,
  };
  return { output, demonstration, rulesetNotice: notLaw };
}
