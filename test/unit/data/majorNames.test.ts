/**
 * The majors' names read from the mirror's table at build time (issue 24, item 11): by column
 * name, and a malformed row named by file, row and column.
 */
import { describe, expect, it } from 'vitest';
import { parseMajorNames } from '../../../data/demo/majorNames.ts';

const HEADER = 'major_no,whaf_label,long_name,long_name_status,huc8,huc4,basin';

describe('parseMajorNames', () => {
  it('reads each major number and its DNR long name', () => {
    const names = parseMajorNames(
      `${HEADER}\n17,Miss R-St. Cloud,Mississippi River - St. Cloud,K,07010203,0701,Upper Mississippi\n41,Zumbro,Zumbro River,V,07040004,0704,Lower Mississippi\n`,
    );
    expect([...names]).toEqual([
      [17, 'Mississippi River - St. Cloud'],
      [41, 'Zumbro River'],
    ]);
  });

  it('names the file, row and column of a bad major number', () => {
    expect(() => parseMajorNames(`${HEADER}\nx,a,b,V,1,2,3`, 'm.csv')).toThrow(
      'm.csv: row 2: column major_no: "x" is not a major number',
    );
    expect(() => parseMajorNames('id,name\n1,a', 'm.csv')).toThrow(
      'm.csv: row 1: no "major_no" or "long_name" column',
    );
  });
});
