// Memory of the renderer processes of the Chromium a bench started (its descendants in /proc): Linux only, as the
// benches run on the development machine.
import fs from 'node:fs';

/** A field of /proc/PID/status (VmHWM: the peak resident set; VmRSS: the resident set now) of each of our renderers, in bytes. */
export function rendererMemory(field: 'VmHWM' | 'VmRSS'): number[] {
  const parent = new Map<number, number>();
  for (const d of fs.readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const ours = (pid: number) => {
    for (let p = parent.get(pid); p && p > 1; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  const out: number[] = [];
  const re = new RegExp(`${field}:\\s+(\\d+) kB`);
  for (const pid of parent.keys()) {
    try {
      if (!ours(pid) || !fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const m = re.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) out.push(Number(m[1]) * 1024);
    } catch {
      /* gone */
    }
  }
  return out;
}
