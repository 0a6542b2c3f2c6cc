import { readFile } from 'node:fs/promises';
import { parseScenario, type Scenario } from '../siting/index.ts';
import { UsageError } from './cliErrors.ts';

/**
 * A scenario file as `rank` and `application` read it. No `candidates`: the build's banks are
 * ranked (`useBuiltBanks`), so the scenario is read with an empty list. @throws UsageError
 */
export async function readScenarioFile(
  file: string,
): Promise<{ scenario: Scenario; useBuiltBanks: boolean }> {
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
  // No `candidates`: rank the banks the build knows, with their credits (issue 21, item 5).
  const useBuiltBanks =
    typeof json === 'object' && json !== null && !Array.isArray(json) && !('candidates' in json);
  const parsed = parseScenario(useBuiltBanks ? { ...(json as object), candidates: [] } : json);
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.error.field}: ${parsed.error.message}`);
  return { scenario: parsed.value, useBuiltBanks };
}
