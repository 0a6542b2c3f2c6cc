/**
 * The shared reader alone on the bench's official-size files (bench/officialImportBench.ts): what
 * the page's import worker runs, here in its own node process so its peak memory is its own.
 * `argv`: the files to import.
 */
import { readImportedLayers, statImports } from '../data/lib/readImportedLayers.ts';

const files = process.argv.slice(2);
if (files.length === 0) throw new Error('usage: officialReadChild.ts FILE...');
const { layers } = await readImportedLayers({ files: statImports(files), map: {} }, () => {});
process.stdout.write(`${layers.map((l) => `${l.name} ${l.features.length}`).join(', ')}\n`);
