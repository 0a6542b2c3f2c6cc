/**
 * A purpose-built reader for the common sites file: a WGS84 GeoJSON FeatureCollection of Polygon
 * and MultiPolygon features. It writes each outline's numbers straight into a flat Float64Array
 * (FlatSiteGeometry) instead of letting JSON.parse build an array per position: for 100,000
 * parcels that is four million arrays fewer to allocate and collect. Properties are parsed by
 * JSON.parse, one feature's at a time.
 *
 * It reads only what it can read exactly as the general path (openGeoJson, then readSitesFile's
 * checks) would, and answers null for anything else, so that path reads it and says what is
 * wrong with the same words: invalid JSON, a declared CRS other than CRS84, a null or other kind
 * of geometry, an empty array or a ring of fewer than 4 positions, a number that is not finite,
 * an escaped or repeated key it looks at, a key or value of an unexpected kind.
 */
import type { FlatSiteGeometry } from '../../formats/geometry/siteGeometry.ts';

export interface ScannedPolygonFeature {
  properties: Record<string, unknown>;
  geometry: FlatSiteGeometry;
}

export interface ScannedPolygonCollection {
  /** The collection's `name` member, when it has one. */
  name: string | undefined;
  /** Property names in order of first appearance (as the general reader lists them). */
  fields: string[];
  features: ScannedPolygonFeature[];
}

/** Thrown inside the scanner: this file is for the general reader. */
const GENERAL = new Error('not a plain polygon FeatureCollection');

/** Numbers per shared outline buffer (64 KB). */
const CHUNK_NUMBERS = 8192;

/** Exact powers of ten (10^22 is the largest a double holds exactly). */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** The collection, or null when the general reader must read it (see the module comment). */
export function scanPolygonGeoJson(text: string): ScannedPolygonCollection | null {
  try {
    return new Scanner(text).collection();
  } catch (error) {
    // Anything unexpected (also a nesting too deep for the stack) goes the general way.
    if (error === GENERAL || error instanceof RangeError || error instanceof SyntaxError) return null;
    throw error;
  }
}

class Scanner {
  private at = 0;
  private xy = new Float64Array(4096);
  private positions = 0;
  private ringEnds: Uint32Array<ArrayBuffer> = new Uint32Array(64);
  private rings = 0;
  private partEnds: Uint32Array<ArrayBuffer> = new Uint32Array(16);
  private parts = 0;

  /** Where kept outlines are copied: one buffer per many sites (see keep). */
  private chunk = new Float64Array(0);
  private chunkUsed = 0;

  constructor(private readonly text: string) {}

  /**
   * The first `length` numbers of the scratch buffer, copied to a view of a shared 64 KB chunk:
   * one ArrayBuffer per few dozen parcels instead of one each (allocating and collecting an
   * ArrayBuffer costs far more than a view). Bounded, so cloning one site copies at most 64 KB;
   * a larger outline gets a buffer of its own.
   */
  private keep(length: number): Float64Array {
    if (length > CHUNK_NUMBERS / 4) return this.xy.slice(0, length);
    if (this.chunkUsed + length > this.chunk.length) {
      this.chunk = new Float64Array(CHUNK_NUMBERS);
      this.chunkUsed = 0;
    }
    const kept = this.chunk.subarray(this.chunkUsed, this.chunkUsed + length);
    kept.set(this.xy.subarray(0, length));
    this.chunkUsed += length;
    return kept;
  }

  collection(): ScannedPolygonCollection {
    const text = this.text;
    let type: unknown;
    let name: unknown;
    let features: ScannedPolygonFeature[] | null = null;
    const fields = new Set<string>();
    const seen = new Set<string>();
    this.space();
    this.expect(0x7b);
    this.space();
    if (text.charCodeAt(this.at) !== 0x7d)
      for (;;) {
        const key = this.key();
        if (seen.has(key)) throw GENERAL;
        seen.add(key);
        this.space();
        this.expect(0x3a);
        this.space();
        if (key === 'features') features = this.features(fields);
        else if (key === 'type' || key === 'name' || key === 'crs') {
          const start = this.at;
          this.skipValue();
          const value: unknown = JSON.parse(text.slice(start, this.at));
          if (key === 'type') type = value;
          else if (key === 'name') name = value;
          else {
            // What openGeoJson reprojects from: any declared name but CRS84.
            const declared = (value as { properties?: { name?: unknown } } | null)?.properties?.name;
            if (declared && !(typeof declared === 'string' && /CRS84$/i.test(declared))) throw GENERAL;
          }
        } else this.skipValue();
        this.space();
        if (this.comma(0x7d)) break;
      }
    this.space();
    if (this.at !== text.length) throw GENERAL;
    if (type !== 'FeatureCollection' || features === null) throw GENERAL;
    if (name !== undefined && typeof name !== 'string') throw GENERAL;
    return { name: name as string | undefined, fields: [...fields], features };
  }

  private features(fields: Set<string>): ScannedPolygonFeature[] {
    const text = this.text;
    const features: ScannedPolygonFeature[] = [];
    this.expect(0x5b);
    this.space();
    if (text.charCodeAt(this.at) === 0x5d) {
      this.at++;
      return features;
    }
    for (;;) {
      features.push(this.feature(fields));
      this.space();
      if (this.comma(0x5d)) return features;
      this.space();
    }
  }

  private feature(fields: Set<string>): ScannedPolygonFeature {
    const text = this.text;
    let properties: Record<string, unknown> | null = null;
    let geometry: FlatSiteGeometry | null = null;
    let sawProperties = false;
    let sawType = false;
    this.expect(0x7b);
    this.space();
    if (text.charCodeAt(this.at) !== 0x7d)
      for (;;) {
        const key = this.key();
        this.space();
        this.expect(0x3a);
        this.space();
        if (key === 'geometry') {
          if (geometry) throw GENERAL;
          geometry = this.geometry();
        } else if (key === 'properties') {
          if (sawProperties) throw GENERAL;
          sawProperties = true;
          const start = this.at;
          const first = text.charCodeAt(start);
          if (first !== 0x7b && first !== 0x6e) throw GENERAL;
          this.skipValue();
          properties = JSON.parse(text.slice(start, this.at)) as Record<string, unknown> | null;
        } else if (key === 'type') {
          // Not checked by the general reader either; only read once, like every key looked at.
          if (sawType) throw GENERAL;
          sawType = true;
          this.skipValue();
        } else this.skipValue();
        this.space();
        if (this.comma(0x7d)) break;
      }
    if (!geometry) throw GENERAL;
    const props = properties ?? {};
    for (const key of Object.keys(props)) fields.add(key);
    return { properties: props, geometry };
  }

  private geometry(): FlatSiteGeometry {
    const text = this.text;
    let type: string | null = null;
    let depth = 0;
    this.expect(0x7b);
    this.space();
    this.positions = 0;
    this.rings = 0;
    this.parts = 0;
    if (text.charCodeAt(this.at) !== 0x7d)
      for (;;) {
        const key = this.key();
        this.space();
        this.expect(0x3a);
        this.space();
        if (key === 'type') {
          if (type !== null) throw GENERAL;
          const start = this.at;
          this.skipValue();
          type = text.slice(start, this.at);
        } else if (key === 'coordinates') {
          if (depth !== 0) throw GENERAL;
          depth = this.coordinates();
        } else this.skipValue();
        this.space();
        if (this.comma(0x7d)) break;
      }
    const kind = type === '"Polygon"' ? 'Polygon' : type === '"MultiPolygon"' ? 'MultiPolygon' : null;
    if (kind === null || depth !== (kind === 'Polygon' ? 3 : 4)) throw GENERAL;
    if (kind === 'Polygon') this.partEnds[this.parts++] = this.rings;
    return {
      type: kind,
      xy: this.keep(this.positions * 2),
      ringEnds: this.ringEnds.slice(0, this.rings),
      partEnds: this.partEnds.slice(0, this.parts),
    };
  }

  /** Polygon (depth 3) or MultiPolygon (depth 4) coordinates; no empty array anywhere. */
  private coordinates(): number {
    const text = this.text;
    let depth = 0;
    for (let k = this.at; ; k++) {
      const c = text.charCodeAt(k);
      if (c === 0x5b) depth++;
      else if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    }
    if (depth === 4) {
      this.expect(0x5b);
      for (;;) {
        this.space();
        this.polygon();
        this.partEnds = grown(this.partEnds, this.parts + 1);
        this.partEnds[this.parts++] = this.rings;
        this.space();
        if (this.comma(0x5d)) break;
      }
    } else if (depth === 3) this.polygon();
    else throw GENERAL;
    return depth;
  }

  private polygon(): void {
    this.expect(0x5b);
    for (;;) {
      this.space();
      this.ring();
      this.space();
      if (this.comma(0x5d)) return;
    }
  }

  private ring(): void {
    const text = this.text;
    const first = this.positions;
    this.expect(0x5b);
    for (;;) {
      this.space();
      this.expect(0x5b);
      this.space();
      const x = this.number();
      this.space();
      this.expect(0x2c);
      this.space();
      const y = this.number();
      this.space();
      // A third (or further) number is read and dropped: outlines are planar.
      while (text.charCodeAt(this.at) === 0x2c) {
        this.at++;
        this.space();
        this.number();
        this.space();
      }
      this.expect(0x5d);
      if (2 * this.positions + 2 > this.xy.length) {
        const next = new Float64Array(this.xy.length * 2);
        next.set(this.xy);
        this.xy = next;
      }
      this.xy[2 * this.positions] = x;
      this.xy[2 * this.positions + 1] = y;
      this.positions++;
      this.space();
      if (this.comma(0x5d)) break;
    }
    if (this.positions - first < 4) throw GENERAL;
    this.ringEnds = grown(this.ringEnds, this.rings + 1);
    this.ringEnds[this.rings++] = this.positions;
  }

  /** A JSON number, as JSON.parse reads it (Clinger's exact fast path, else Number of the text). */
  private number(): number {
    const text = this.text;
    const start = this.at;
    let k = start;
    let c = text.charCodeAt(k);
    const negative = c === 0x2d;
    if (negative) c = text.charCodeAt(++k);
    let mantissa = 0;
    if (c === 0x30) c = text.charCodeAt(++k);
    else if (c >= 0x31 && c <= 0x39)
      do {
        mantissa = mantissa * 10 + (c - 0x30);
        c = text.charCodeAt(++k);
      } while (c >= 0x30 && c <= 0x39);
    else throw GENERAL;
    let decimals = 0;
    if (c === 0x2e) {
      c = text.charCodeAt(++k);
      if (!(c >= 0x30 && c <= 0x39)) throw GENERAL;
      do {
        mantissa = mantissa * 10 + (c - 0x30);
        decimals++;
        c = text.charCodeAt(++k);
      } while (c >= 0x30 && c <= 0x39);
    }
    let exact = true;
    if (c === 0x65 || c === 0x45) {
      exact = false;
      c = text.charCodeAt(++k);
      if (c === 0x2b || c === 0x2d) c = text.charCodeAt(++k);
      if (!(c >= 0x30 && c <= 0x39)) throw GENERAL;
      do c = text.charCodeAt(++k);
      while (c >= 0x30 && c <= 0x39);
    }
    this.at = k;
    let value: number;
    // Below 2^53 every partial mantissa was exact, and one division by an exact power of ten
    // rounds once: the correctly rounded value JSON.parse gives.
    if (exact && mantissa <= 9007199254740992 && decimals <= 22)
      value = decimals === 0 ? mantissa : mantissa / (POW10[decimals] as number);
    else value = Math.abs(Number(text.slice(start, k)));
    if (!Number.isFinite(value)) throw GENERAL;
    return negative ? -value : value;
  }

  /** A key without escapes or control characters (anything else: the general reader). */
  private key(): string {
    const text = this.text;
    this.expect(0x22);
    const start = this.at;
    for (let k = start; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (c === 0x22) {
        this.at = k + 1;
        return text.slice(start, k);
      }
      if (c === 0x5c || c < 0x20) throw GENERAL;
    }
    throw GENERAL;
  }

  /** Steps over one JSON value, checking its grammar as JSON.parse would. */
  private skipValue(): void {
    const text = this.text;
    const c = text.charCodeAt(this.at);
    if (c === 0x22) this.skipString();
    else if (c === 0x7b) {
      this.at++;
      this.space();
      if (text.charCodeAt(this.at) === 0x7d) {
        this.at++;
        return;
      }
      for (;;) {
        this.space();
        this.skipString();
        this.space();
        this.expect(0x3a);
        this.space();
        this.skipValue();
        this.space();
        if (this.comma(0x7d)) return;
      }
    } else if (c === 0x5b) {
      this.at++;
      this.space();
      if (text.charCodeAt(this.at) === 0x5d) {
        this.at++;
        return;
      }
      for (;;) {
        this.space();
        this.skipValue();
        this.space();
        if (this.comma(0x5d)) return;
      }
    } else if (c === 0x74) this.literal('true');
    else if (c === 0x66) this.literal('false');
    else if (c === 0x6e) this.literal('null');
    else this.number();
  }

  private skipString(): void {
    const text = this.text;
    this.expect(0x22);
    for (let k = this.at; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (c === 0x22) {
        this.at = k + 1;
        return;
      }
      if (c < 0x20) throw GENERAL;
      if (c === 0x5c) {
        const e = text.charCodeAt(++k);
        if (e === 0x75) {
          for (let h = 1; h <= 4; h++) {
            const x = text.charCodeAt(k + h);
            const hex = (x >= 0x30 && x <= 0x39) || (x >= 0x41 && x <= 0x46) || (x >= 0x61 && x <= 0x66);
            if (!hex) throw GENERAL;
          }
          k += 4;
        } else if (
          e !== 0x22 &&
          e !== 0x5c &&
          e !== 0x2f &&
          e !== 0x62 &&
          e !== 0x66 &&
          e !== 0x6e &&
          e !== 0x72 &&
          e !== 0x74
        )
          throw GENERAL;
      }
    }
    throw GENERAL;
  }

  private literal(word: string): void {
    if (!this.text.startsWith(word, this.at)) throw GENERAL;
    this.at += word.length;
  }

  private space(): void {
    const text = this.text;
    let c = text.charCodeAt(this.at);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++this.at);
  }

  private expect(code: number): void {
    if (this.text.charCodeAt(this.at) !== code) throw GENERAL;
    this.at++;
  }

  /** After a member or element: true at the closing bracket `close`, false after a comma. */
  private comma(close: number): boolean {
    const c = this.text.charCodeAt(this.at);
    this.at++;
    if (c === close) return true;
    if (c === 0x2c) {
      this.space();
      return false;
    }
    throw GENERAL;
  }
}

function grown(array: Uint32Array<ArrayBuffer>, length: number): Uint32Array<ArrayBuffer> {
  if (length <= array.length) return array;
  const next = new Uint32Array(array.length * 2);
  next.set(array);
  return next;
}
