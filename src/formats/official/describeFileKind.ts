/** What a file's first bytes say it is, for messages about a file that is not what its name says. */
export function describeFileKind(bytes: Uint8Array): string {
  const head = new TextDecoder().decode(bytes.subarray(0, 16));
  if (bytes.length === 0) return 'an empty file';
  if (head.startsWith('SQLite format 3\0')) return 'an SQLite database';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'a ZIP archive';
  if (head.startsWith('fgb')) return 'a FlatGeobuf file';
  if (head.startsWith('%PDF')) return 'a PDF document';
  if (bytes[0] === 0x89 && head.slice(1, 4) === 'PNG') return 'a PNG image';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'a JPEG image';
  if (bytes[0] === 0x00 && bytes[1] === 0x00 && bytes[2] === 0x27 && bytes[3] === 0x0a)
    return 'a shapefile .shp';
  if (/^\s*[{[]/.test(head)) return 'a JSON text';
  if (/^\s*</.test(head)) return 'an HTML or XML page';
  return 'not a file of any kind this reads';
}
