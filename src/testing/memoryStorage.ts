// A minimal localStorage for Node tests of the persisted settings stores: install it (vi.stubGlobal) before the
// store module loads, and read what was saved from `data`.
export function memoryStorage(): { data: Map<string, string>; storage: Storage } {
  const data = new Map<string, string>();
  const storage: Storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
  return { data, storage };
}
