/**
 * The DNR's major watershed names, read at build time from the mirror's major-watersheds.csv
 * (`major_no,whaf_label,long_name,long_name_status,huc8,huc4,basin`), so the demonstration
 * majors carry the real names of the majors they stand in for (issue 24, item 11); the outlines
 * stay a demonstration. Never copied into the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Major number → its DNR long name. Throws naming the row and column on a malformed row. */
export function parseMajorNames(csv: string, file = 'major-watersheds.csv'): Map<number, string> {
  const lines = csv.trim().split(/\r?\n/);
  const header = (lines[0] ?? '').split(',');
  const numberAt = header.indexOf('major_no');
  const nameAt = header.indexOf('long_name');
  if (numberAt < 0 || nameAt < 0) throw new Error(`${file}: row 1: no "major_no" or "long_name" column`);
  const names = new Map<number, string>();
  lines.slice(1).forEach((line, index) => {
    const cells = line.split(',');
    const id = Number(cells[numberAt]);
    const name = cells[nameAt]?.trim() ?? '';
    if (!Number.isInteger(id) || id <= 0)
      throw new Error(
        `${file}: row ${index + 2}: column major_no: "${cells[numberAt]}" is not a major number`,
      );
    if (name) names.set(id, name);
  });
  return names;
}

/** The names from the mirror's table, or null when there is no mirror or no table. */
export function readMajorNames(mirrorDir: string | null): Map<number, string> | null {
  if (!mirrorDir) return null;
  const file = join(mirrorDir, 'major-watersheds.csv');
  return existsSync(file) ? parseMajorNames(readFileSync(file, 'utf8'), file) : null;
}
