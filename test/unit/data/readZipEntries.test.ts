import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZipEntries, unzipEntries } from '../../../src/formats/zip/readZipEntries';

/** A one-file ZIP archive (deflated), built by hand. */
function zipOf(name: string, content: Uint8Array): Uint8Array {
  const data = deflateRawSync(content);
  const nameBytes = new TextEncoder().encode(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return new Uint8Array(Buffer.concat([local, nameBytes, data, central, nameBytes, end]));
}

describe('readZipEntries', () => {
  it('unpacks a deflated entry', () => {
    const content = new TextEncoder().encode('PROJCS["NAD83 / UTM zone 15N"]');
    expect(readZipEntries(zipOf('a.prj', content), 'test').get('a.prj')).toEqual(content);
  });

  it('refuses an archive that unpacks to more than the limit (a zip bomb), naming the source', () => {
    const zeros = new Uint8Array(1_000_000);
    const archive = zipOf('bomb.shp', zeros);
    expect(archive.length).toBeLessThan(5_000);
    expect(() => readZipEntries(archive, 'BWSR bank service areas', 100_000)).toThrow(
      /BWSR bank service areas: the ZIP archive unpacks to more than 100000 bytes; refused/,
    );
    expect(readZipEntries(archive, 'BWSR bank service areas', 2_000_000).get('bomb.shp')?.length).toBe(
      1_000_000,
    );
  });
});

describe('readZipEntries on damaged archives', () => {
  const archive = zipOf('a.shp', new Uint8Array(100_000).fill(7));

  it('says a ZIP cut short is truncated, naming the source', () => {
    expect(() => readZipEntries(archive.subarray(0, 200), 'bsa.zip')).toThrow(
      /^bsa\.zip: truncated ZIP archive \(it starts like one but its end, the central directory, is missing/,
    );
  });

  it('refuses an entry that inflates past the size it declares (a crafted bomb)', () => {
    const lying = new Uint8Array(archive);
    const view = new DataView(lying.buffer);
    const central = lying.length - 22 - 46 - 'a.shp'.length;
    view.setUint32(central + 24, 1000, true);
    expect(() => readZipEntries(lying, 'bsa.zip')).toThrow(
      /bsa\.zip: corrupt ZIP archive \(a\.shp unpacks to more than the 1000 bytes it declares/,
    );
  });
});

// The page's import worker and the CLI unpack with the platform's inflater (unzipEntries); it must
// refuse and report exactly as the fflate reader above does.
describe('unzipEntries (DecompressionStream)', () => {
  const archive = zipOf('a.shp', new Uint8Array(100_000).fill(7));

  it('unpacks what readZipEntries unpacks, byte for byte', async () => {
    expect((await unzipEntries(archive, 'bsa.zip')).get('a.shp')).toEqual(
      readZipEntries(archive, 'bsa.zip').get('a.shp'),
    );
  });

  it.each([
    [
      'a zip bomb past the limit',
      archive,
      50_000,
      /^bsa\.zip: the ZIP archive unpacks to more than 50000 bytes; refused$/,
    ],
    [
      'a ZIP cut short',
      archive.subarray(0, 200),
      undefined,
      /^bsa\.zip: truncated ZIP archive \(it starts like one/,
    ],
  ])('refuses %s with the same message', async (_, bytes, limit, message) => {
    await expect(unzipEntries(bytes, 'bsa.zip', limit)).rejects.toThrow(message);
    expect(() => readZipEntries(bytes, 'bsa.zip', limit)).toThrow(message);
  });

  it('refuses an entry that inflates past the size it declares', async () => {
    const lying = new Uint8Array(archive);
    const view = new DataView(lying.buffer);
    view.setUint32(lying.length - 22 - 46 - 'a.shp'.length + 24, 1000, true);
    await expect(unzipEntries(lying, 'bsa.zip')).rejects.toThrow(
      /bsa\.zip: corrupt ZIP archive \(a\.shp unpacks to more than the 1000 bytes it declares/,
    );
  });

  it('says damaged compressed data is corrupt, naming the member', async () => {
    const damaged = new Uint8Array(archive);
    damaged.fill(0xff, 40, 60);
    await expect(unzipEntries(damaged, 'bsa.zip')).rejects.toThrow(
      /^bsa\.zip: corrupt ZIP archive \(a\.shp: /,
    );
  });
});
