/** A layer that could not be loaded, with the layer named for the message panel. */
export class LayerLoadError extends Error {
  override name = 'LayerLoadError';
  constructor(
    readonly layerTitle: string,
    readonly reason: string,
  ) {
    super(`${layerTitle}: ${reason}`);
  }
}
