/** A round scale-bar length for a map image: the largest 1-2-5 step within a quarter of its width. */

export interface ScaleBar {
  label: string;
  /** Length of the bar as a percentage of the image width. */
  percent: number;
}

function roundDown(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const leading = value / power;
  return (leading >= 5 ? 5 : leading >= 2 ? 2 : 1) * power;
}

/**
 * Scale bars in kilometres (or metres) and miles for an image `widthPx` CSS pixels wide
 * showing `metersPerPixel` of ground per pixel.
 */
export function scaleBars(metersPerPixel: number, widthPx: number): ScaleBar[] {
  const ground = metersPerPixel * widthPx;
  if (!(ground > 0) || !Number.isFinite(ground)) return [];
  const metres = roundDown(ground / 4);
  const miles = roundDown(ground / 4 / 1609.344);
  return [
    {
      label: metres >= 1000 ? `${metres / 1000} km` : `${metres} m`,
      percent: (metres / ground) * 100,
    },
    { label: `${miles} mi`, percent: ((miles * 1609.344) / ground) * 100 },
  ];
}
