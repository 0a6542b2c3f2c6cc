/** Reads a credit listing in a Web Worker (creditListing.worker.ts), reporting progress. */
import type { ListingAnswer, ListingRequest } from './creditListing.worker';

export function readListingInWorker(
  request: ListingRequest,
  onProgress: (message: string) => void,
): Promise<Exclude<ListingAnswer, { kind: 'progress' }>> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./creditListing.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ListingAnswer>) => {
      const answer = event.data;
      if (answer.kind === 'progress') {
        onProgress(answer.message);
        return;
      }
      worker.terminate();
      resolve(answer);
    };
    worker.onerror = (event) => {
      worker.terminate();
      resolve({
        kind: 'error',
        message: `${request.file}: ${event.message}`,
        row: null,
        column: null,
        headers: [],
      });
    };
    worker.postMessage(request);
  });
}
