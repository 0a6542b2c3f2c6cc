// polylabel 2 ships JavaScript only; this is the one function the map uses.
declare module 'polylabel' {
  /**
   * The pole of inaccessibility of a polygon (outer ring then holes, [x, y] positions): the
   * interior point farthest from its edges, found to within `precision` (in the input's units).
   */
  export default function polylabel(
    polygon: number[][][],
    precision?: number,
    debug?: boolean,
  ): [number, number] & { distance: number };
}
