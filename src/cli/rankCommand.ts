import { readFile } from 'node:fs/promises';
import { parseScenario } from '../siting/index.ts';
import { UsageError } from './cliErrors.ts';
import { type DataDir, loadOverrides, openDataDir } from './dataDir.ts';
import { DEMONSTRATION_NOTICE } from './notice.ts';
import { parseArgs } from './parseArgs.ts';
import { pickRuleset, rankWithData } from './rankWithData.ts';

/** Opens the data directory once, on first need. */
export function lazyData(dir: string): () => Promise<DataDir> {
  let opened: Promise<DataDir> | undefined;
  return () => {
    opened ??= openDataDir(dir);
    return opened;
  };
}

/** `rank <scenario.json> [--data DIR] [--overrides FILE] [--ruleset ID]`: one ranked scenario. */
export async function rankCommand(
  args: readonly string[],
): Promise<{ output: unknown; demonstration: boolean }> {
  const { positional, options } = parseArgs(args, ['data', 'overrides', 'ruleset']);
  const file = positional[0];
  if (file === undefined)
    throw new UsageError('scenario: file is missing (usage: rank <scenario.json> [--data DIR])');
  if (positional.length > 1) throw new UsageError(`${positional[1]}: unexpected argument`);
  const ruleset = pickRuleset(options.get('ruleset'));
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UsageError(`${file}: ${code === 'ENOENT' ? 'not found' : 'cannot be read'}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const parsed = parseScenario(json);
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.error.field}: ${parsed.error.message}`);
  const overrides = await loadOverrides(options.get('overrides'), options.get('data') ?? 'public/data');
  const { result, demonstration } = await rankWithData(
    parsed.value,
    { ruleset, overrides },
    lazyData(options.get('data') ?? 'public/data'),
  );
  const output = {
    ruleset: result.ruleset,
    ...(demonstration ? { demonstration: true, notice: DEMONSTRATION_NOTICE } : { demonstration: false }),
    impact: result.impact,
    requirement: result.requirement,
    candidates: result.candidates,
  };
  return { output, demonstration };
}
