// What the browser keeps for this origin, as text, for tests that look for a secret: local and session storage,
// cookies, every IndexedDB record (all databases, all stores, keys and values) and every Cache Storage entry.
import type { Page } from '@playwright/test';

export async function everythingStored(page: Page) {
  return page.evaluate(async () => {
    const req = <T>(r: IDBRequest<T>) =>
      new Promise<T>((res, rej) => ((r.onsuccess = () => res(r.result)), (r.onerror = () => rej(r.error))));
    const idb: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await req(indexedDB.open(name));
      for (const store of db.objectStoreNames) {
        const st = db.transaction(store, 'readonly').objectStore(store);
        const [keys, values] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]);
        idb.push(JSON.stringify({ name, store, keys, values }, (_, v) => (ArrayBuffer.isView(v) ? `<${v.constructor.name}>` : v)));
      }
      db.close();
    }
    const cached: string[] = [];
    for (const c of await caches.keys())
      for (const r of await (await caches.open(c)).keys()) {
        const res = await (await caches.open(c)).match(r);
        const type = res?.headers.get('content-type') ?? '';
        // Text bodies are read (a cached answer would be text); model weights are binary and only named.
        cached.push(`${r.url} ${/json|text/.test(type) ? await res!.text() : `<${type}>`}`);
      }
    return {
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      cookie: document.cookie,
      idb: idb.join('\n'),
      caches: cached.join('\n'),
    };
  });
}

/** The text of a share link's "#case=1r.<base64url deflate-raw>" fragment (or "1g." for gzip). */
export async function shareLinkText(page: Page, link: string): Promise<string> {
  return page.evaluate(async (l) => {
    const m = /#case=1([rg])\.([A-Za-z0-9_-]+)/.exec(l);
    if (!m) return '';
    const b64 = m[2].replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream(m[1] === 'r' ? 'deflate-raw' : 'gzip'));
    return new Response(stream).text();
  }, link);
}
