import type { Page } from 'playwright-core';

/** Sites kept in this browser's IndexedDB (the page's own record). */
export function storedSiteCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('mn-wetland-siting-user-sites');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('sites')) return resolve(0);
          const get = db.transaction('sites').objectStore('sites').get('current');
          get.onsuccess = () => {
            const record = get.result as { json?: string; sites?: unknown[] } | undefined;
            resolve(
              record?.json ? (JSON.parse(record.json) as unknown[]).length : (record?.sites ?? []).length,
            );
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}
