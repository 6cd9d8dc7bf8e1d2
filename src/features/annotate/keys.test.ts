import { beforeEach, describe, expect, it } from 'vitest';
import { itemProgress } from '../../core/annotation';
import { useAnnotation } from '../../store/annotation/annotation';
import { handleKey, projectDone } from './keys';
import { paperItems } from './sources';

const ui = { adds: 0, guide: 0, asked: 0, addMissing() { this.adds++; }, toggleGuide() { this.guide++; }, askNone() { this.asked++; } };
const press = (...keys: string[]) => keys.forEach((k) => handleKey(k, ui));
const st = () => useAnnotation.getState();

beforeEach(() => useAnnotation.getState().start(paperItems(), 'test', 'tester'));

describe('annotation keys', () => {
  it('stage 1: codes and necessity move on by themselves; Enter goes to stage 2 when all are coded', () => {
    expect(st().project!.items.map((i) => i.pseudoRefs.length)).toEqual([3, 3, 4]);
    press('1', 'y'); // P1 correct, necessary → P2
    expect(st().cursor.ref).toBe(1);
    press('n', '0'); // either order
    press('u', 'n');
    const refs = st().project!.items[0].pseudoRefs;
    expect(refs.map((p) => [p.accuracy, p.necessary])).toEqual([
      [1, 1],
      [0, 0],
      [-1, 0],
    ]);
    press('Enter');
    expect(st().cursor).toMatchObject({ stage: 2, review: 0, field: 'links' });
  });

  it('Y/N (or a code) that completes a row moves on once; ↓ then moves one more, never two', () => {
    press('1', 'y'); // P1 complete → P2
    expect(st().cursor.ref).toBe(1);
    press('ArrowDown'); // P2 → P3, not P4
    expect(st().cursor.ref).toBe(2);
    press('ArrowUp', 'n'); // P2: necessity alone leaves it open, so the cursor stays
    expect(st().cursor.ref).toBe(1);
    press('0'); // now complete → P3
    expect(st().cursor.ref).toBe(2);
    press('y'); // P3 needs a code still: stays
    expect(st().cursor.ref).toBe(2);
    press('1'); // the last row complete: nowhere further to go, no wrap
    expect(st().cursor).toMatchObject({ stage: 1, ref: 2 });
    press('ArrowUp', 'ArrowUp', 'n'); // re-marking a complete row moves on once
    expect(st().cursor.ref).toBe(1);
    expect(st().project!.items[0].pseudoRefs[0].necessary).toBe(0);
  });

  it('Enter in stage 1 jumps to the first uncoded pseudo-reference first', () => {
    press('j', 'j', '2', 'y');
    expect(st().cursor.ref).toBe(2);
    press('Enter');
    expect(st().cursor).toMatchObject({ stage: 1, ref: 0 });
  });

  it('stage 2: link by number or by highlight, rate 1–5 field by field, then the next diff', () => {
    press('1', 'y', '1', 'y', '1', 'y', 'Enter');
    press('1', '3'); // link P1 and P3; the highlight follows to P3
    expect(st().project!.items[0].reviews[0].addressed).toEqual([1, 3]);
    expect(st().cursor.link).toBe(2);
    press(' ', 'ArrowUp', ' '); // unlink the highlighted P3, move up, link P2
    expect(st().project!.items[0].reviews[0].addressed).toEqual([1, 2]);
    press('x'); // addresses none
    expect(st().project!.items[0].reviews[0].addressed).toEqual([]);
    press('2', 'Enter'); // link P2, done linking
    expect(st().cursor.field).toBe('con');
    press('4', '2', '3');
    expect(st().project!.items[0].reviews[0]).toMatchObject({ addressed: [2], con: 4, comp: 2, rel: 3 });
    expect(itemProgress(st().project!.items[0])).toEqual({ stage1: { done: 3, total: 3 }, stage2: { done: 1, total: 1 } });
    press('Enter');
    expect(st().cursor).toMatchObject({ item: 1, stage: 1, ref: 0 });
  });

  it('Enter or → with nothing linked asks and records nothing; X records "addresses none", then Enter moves on', () => {
    press('1', 'y', '1', 'y', '1', 'y', 'Enter');
    const asked = ui.asked;
    press('Enter');
    expect(ui.asked).toBe(asked + 1);
    expect(st().project!.items[0].reviews[0].addressed).toBeNull();
    expect(st().cursor).toMatchObject({ stage: 2, review: 0, field: 'links' });
    expect(itemProgress(st().project!.items[0]).stage2.done).toBe(0);
    press('ArrowRight');
    expect(ui.asked).toBe(asked + 2);
    expect(st().project!.items[0].reviews[0].addressed).toBeNull();
    expect(st().cursor.field).toBe('links');
    press('x', 'Enter');
    expect(st().project!.items[0].reviews[0].addressed).toEqual([]);
    expect(st().cursor.field).toBe('con');
  });

  it('A opens the add box, S switches stage, [ ] move between diffs, ? toggles the guide', () => {
    press('a', '?', ']');
    expect(ui.adds).toBeGreaterThan(0);
    expect(ui.guide).toBeGreaterThan(0);
    expect(st().cursor.item).toBe(1);
    press('s');
    expect(st().cursor.stage).toBe(2);
    press('s', '[');
    expect(st().cursor).toMatchObject({ item: 0, stage: 1 });
  });

  it('added pseudo-references can be linked and removed; removing drops their links', () => {
    st().addRef(0, '  The new column is never read by the code.  ');
    const added = st().project!.items[0].pseudoRefs[3];
    expect(added).toMatchObject({ no: 4, text: 'The new column is never read by the code.', accuracy: 1, necessary: 1, added: true });
    st().setCursor({ stage: 2, review: 0, field: 'links' });
    press('4');
    expect(st().project!.items[0].reviews[0].addressed).toEqual([4]);
    st().setCursor({ stage: 1, ref: 3 });
    press('Delete');
    expect(st().project!.items[0].pseudoRefs).toHaveLength(3);
    expect(st().project!.items[0].reviews[0].addressed).toEqual([]);
    st().setCursor({ ref: 0 });
    expect(handleKey('Delete', ui)).toBe(false); // the paper's own pseudo-references stay
  });

  it('the whole project by keyboard alone', () => {
    for (let guard = 0; guard < 200 && !projectDone(st().project!.items); guard++) {
      const c = st().cursor;
      if (c.stage === 1) press('1', 'y');
      else if (c.field === 'links') press('1', 'Enter');
      else press('3');
      if (st().cursor === c) press('Enter');
    }
    expect(projectDone(st().project!.items)).toBe(true);
    const last = st().project!.items[2];
    expect(last.reviews.map((r) => [r.addressed, r.con, r.comp, r.rel])).toEqual([
      [[1], 3, 3, 3],
      [[1], 3, 3, 3],
    ]);
  });
});
