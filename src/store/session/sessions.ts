// The sessions store: the sidebar's list and the active session. Persisted by ./persist.ts.
import { create } from 'zustand';
import { blankSession, newId, type Session } from './session';

export interface SessionsState {
  sessions: Record<string, Session>;
  order: string[];
  activeId: string | null;
  hydrated: boolean;
  /** Replaces the whole state (restore from IndexedDB). */
  hydrate(sessions: Session[], order: string[], activeId: string | null): void;
  add(session?: Session): string;
  duplicate(id: string): string | null;
  rename(id: string, name: string): void;
  remove(id: string): void;
  select(id: string): void;
  move(id: string, delta: number): void;
  update(id: string, fn: (s: Session) => Session): void;
}

export const useSessions = create<SessionsState>()((set, get) => ({
  sessions: {},
  order: [],
  activeId: null,
  hydrated: false,
  hydrate(list, order, activeId) {
    const sessions: Record<string, Session> = {};
    for (const s of list) sessions[s.id] = s;
    const known = order.filter((id) => sessions[id]);
    for (const s of list) if (!known.includes(s.id)) known.push(s.id);
    set({ sessions, order: known, activeId: activeId && sessions[activeId] ? activeId : (known[0] ?? null), hydrated: true });
  },
  add(session) {
    const s = session ?? blankSession(`Session ${get().order.length + 1}`);
    set((st) => ({ sessions: { ...st.sessions, [s.id]: s }, order: [...st.order, s.id], activeId: s.id }));
    return s.id;
  },
  duplicate(id) {
    const src = get().sessions[id];
    if (!src) return null;
    const now = Date.now();
    const copy: Session = {
      ...structuredClone(src),
      id: newId(),
      name: `${src.name} (copy)`,
      createdAt: now,
      updatedAt: now,
    };
    copy.pseudoReferences = copy.pseudoReferences.map((p) => ({ ...p, id: newId('p') }));
    set((st) => {
      const order = [...st.order];
      order.splice(order.indexOf(id) + 1, 0, copy.id);
      return { sessions: { ...st.sessions, [copy.id]: copy }, order, activeId: copy.id };
    });
    return copy.id;
  },
  rename(id, name) {
    const trimmed = name.trim();
    if (!trimmed) return;
    get().update(id, (s) => ({ ...s, name: trimmed }));
  },
  remove(id) {
    set((st) => {
      if (!st.sessions[id]) return st;
      const sessions = { ...st.sessions };
      delete sessions[id];
      const idx = st.order.indexOf(id);
      const order = st.order.filter((x) => x !== id);
      const activeId = st.activeId === id ? (order[Math.min(idx, order.length - 1)] ?? null) : st.activeId;
      return { sessions, order, activeId };
    });
  },
  select(id) {
    if (get().sessions[id]) set({ activeId: id });
  },
  move(id, delta) {
    set((st) => {
      const order = [...st.order];
      const i = order.indexOf(id);
      const j = i + delta;
      if (i < 0 || j < 0 || j >= order.length) return st;
      [order[i], order[j]] = [order[j], order[i]];
      return { order };
    });
  },
  update(id, fn) {
    set((st) => {
      const s = st.sessions[id];
      if (!s) return st;
      return { sessions: { ...st.sessions, [id]: { ...fn(s), updatedAt: Date.now() } } };
    });
  },
}));

export function useActiveSession(): Session | null {
  return useSessions((st) => (st.activeId ? (st.sessions[st.activeId] ?? null) : null));
}
