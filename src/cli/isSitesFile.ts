/** Whether the CLI reads `file` with the sites-file reader (anything but its own CSV). */
export function isSitesFile(file: string): boolean {
  return /\.(geojson|json|zip|gpkg|fgb)$/i.test(file);
}
