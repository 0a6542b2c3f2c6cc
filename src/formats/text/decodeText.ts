/**
 * The text of a file a user hands over, in the encoding it was saved in. Spreadsheets on Windows
 * save CSV as UTF-8 (often with a byte-order mark), as UTF-16 ("Unicode text"), or in the
 * Windows "ANSI" code page, Windows-1252 (a superset of Latin-1): decoded as UTF-8, `Müller` in
 * Windows-1252 becomes `M\uFFFDller` and no longer joins. A byte-order mark names UTF-8 or
 * UTF-16; without one, bytes that are valid UTF-8 are read so (ASCII is both), and bytes that
 * are not are read as Windows-1252, which decodes every byte — and the caller says so. Pure.
 */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** Whether the encoding was read from a byte-order mark (else inferred from the bytes). */
  marked: boolean;
}

export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8', marked: true };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return {
      text: new TextDecoder('utf-16le').decode(bytes.subarray(2)),
      encoding: 'utf-16le',
      marked: true,
    };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return {
      text: new TextDecoder('utf-16be').decode(bytes.subarray(2)),
      encoding: 'utf-16be',
      marked: true,
    };
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
      encoding: 'utf-8',
      marked: false,
    };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252', marked: false };
  }
}

/** What a reader says of a file not in UTF-8: the encoding it was read in, and why. */
export function encodingNotice(file: string, decoded: DecodedText): string | null {
  if (decoded.encoding === 'utf-8') return null;
  return decoded.encoding === 'windows-1252'
    ? `${file} is not UTF-8: read as Windows-1252 (Latin-1, the Windows "ANSI" encoding). Check accented names; save as "CSV UTF-8" to be sure.`
    : `${file} is UTF-16 (${decoded.encoding === 'utf-16le' ? 'little' : 'big'}-endian, from its byte-order mark): read so.`;
}
