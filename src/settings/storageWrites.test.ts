import { afterEach, describe, expect, it } from 'vitest';
import { recordingLocalStorage, useStorageRefusals, writeLocal } from './storageWrites';

/** A localStorage that holds `room` characters in all, and refuses more as Chromium does. */
function fullStorage(room: number) {
  const m = new Map<string, string>();
  const used = () => [...m.values()].reduce((a, v) => a + v.length, 0);
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem(k: string, v: string) {
      if (used() - (m.get(k)?.length ?? 0) + v.length > room) throw Object.assign(new Error("Setting the value of 'k' exceeded the quota."), { name: 'QuotaExceededError' });
      m.set(k, v);
    },
    removeItem: (k: string) => void m.delete(k),
  };
}

const g = globalThis as { localStorage?: unknown };
afterEach(() => {
  delete g.localStorage;
  useStorageRefusals.setState({}, true);
});

describe('storage writes', () => {
  it('a refused write is recorded under its key and thrown to no one; the next good write clears it', () => {
    g.localStorage = fullStorage(10);
    expect(writeLocal('a', 'x'.repeat(11))).toMatch(/storage is full/);
    expect(useStorageRefusals.getState().a).toMatch(/storage is full/);
    expect(writeLocal('a', 'short')).toBeNull();
    expect(useStorageRefusals.getState().a).toBeUndefined();
  });

  it("persist's refused write removes the entry's older value (an unticked key never stays behind)", () => {
    const s = fullStorage(40);
    g.localStorage = s;
    recordingLocalStorage.setItem('settings', '{"keys":{"openai":"sk-old"}}');
    expect(s.getItem('settings')).toContain('sk-old');
    s.setItem('other', 'y'.repeat(12));
    expect(() => recordingLocalStorage.setItem('settings', '{"rememberKey":false,"model":"gpt-4o-mini"}')).not.toThrow();
    expect(s.getItem('settings')).toBeNull();
    expect(useStorageRefusals.getState().settings).toMatch(/storage is full/);
  });
});
