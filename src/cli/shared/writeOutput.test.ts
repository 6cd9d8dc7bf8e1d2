// Every file the CLI writes goes through writeOutputSync: a write that fails late (a full disk) never leaves a
// truncated file under the name asked for. The text goes to a temporary file in the same folder, renamed over the
// target only once written whole; a failure leaves the old file (or none), no temporary file, and the text in the
// fallback file the warning names.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({ fullDir: null as string | null }));
// A disk that fills up halfway through any write into the test's folder: half the bytes land, then ENOSPC.
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const writeFileSync = (file: string, text: string, ...rest: unknown[]) => {
    if (state.fullDir && path.resolve(String(file)).startsWith(state.fullDir)) {
      real.writeFileSync(file, text.slice(0, text.length >> 1), ...(rest as []));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }
    return real.writeFileSync(file, text, ...(rest as []));
  };
  return { ...real, default: { ...real, writeFileSync }, writeFileSync };
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-write-'));
});
afterEach(() => {
  state.fullDir = null;
  rmSync(dir, { recursive: true, force: true });
});

describe('writeOutputSync', () => {
  it('writes the file whole when the disk has room', async () => {
    const { writeOutputSync } = await import('./io.ts');
    const file = path.join(dir, 'scores.csv');
    expect(writeOutputSync(file, 'a,b\n1,2\n', '--scores-out')).toBe(file);
    expect(readFileSync(file, 'utf8')).toBe('a,b\n1,2\n');
    expect(readdirSync(dir)).toEqual(['scores.csv']);
  });

  it('a late ENOSPC leaves the old file as it was, no temporary file, and the whole text in the fallback', async () => {
    const { writeOutputSync } = await import('./io.ts');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const file = path.join(dir, 'scores.csv');
    writeFileSync(file, 'the previous run\n');
    const text = `id,m\n${Array.from({ length: 1000 }, (_, k) => `c${k},${k}`).join('\n')}\n`;
    state.fullDir = dir;
    const written = writeOutputSync(file, text, '--scores-out');
    state.fullDir = null;
    stderr.mockRestore();
    expect(readFileSync(file, 'utf8')).toBe('the previous run\n');
    expect(readdirSync(dir)).toEqual(['scores.csv']);
    expect(written).not.toBe(file);
    expect(readFileSync(written, 'utf8')).toBe(text);
    // A new file that could not be written whole is not there at all.
    state.fullDir = dir;
    const again = writeOutputSync(path.join(dir, 'new.csv'), text, '--scores-out');
    state.fullDir = null;
    expect(readdirSync(dir)).toEqual(['scores.csv']);
    expect(readFileSync(again, 'utf8')).toBe(text);
    rmSync(path.dirname(written), { recursive: true, force: true });
    rmSync(path.dirname(again), { recursive: true, force: true });
  });
});
