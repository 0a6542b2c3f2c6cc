/**
 * Reads and parses a proposed-sites file off the page's main thread, so importing thousands
 * of sites never freezes the map. Answers with parseSitesFile's result.
 */
import { type ParsedSites, parseSitesFile } from './parseSitesFile';

export interface SitesImportRequest {
  file: File;
  idPrefix: string;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SitesImportRequest>) => void) | null;
  postMessage: (reply: ParsedSites) => void;
};

scope.onmessage = (event) => {
  const { file, idPrefix } = event.data;
  file.text().then(
    (text) => scope.postMessage(parseSitesFile(file.name, text, idPrefix)),
    (error: unknown) =>
      scope.postMessage({
        ok: false,
        message: `${file.name}: could not be read (${error instanceof Error ? error.message : String(error)})`,
      }),
  );
};
