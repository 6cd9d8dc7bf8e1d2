// Preloaded into a CLI run by bench/pseudorefs.ts (node --import): samples the V8 heap and writes the peak and the
// process's peak RSS and CPU time (all threads) to HEAP_PEAK_FILE at exit. Sampling runs between tasks, so only the RSS peak is exact.
import fs from 'node:fs';

let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().heapUsed));
setInterval(sample, 20).unref();
process.on('exit', () => {
  sample();
  const u = process.resourceUsage();
  fs.writeFileSync(process.env.HEAP_PEAK_FILE, JSON.stringify({ heapUsed: peak, maxRss: u.maxRSS * 1024, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 }));
});
