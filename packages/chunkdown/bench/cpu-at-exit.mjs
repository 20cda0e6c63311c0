/**
 * Preloaded into a command-line run by `bench/sync.mjs` (`node --import`): at exit, writes the
 * CPU time of the whole process (user + system, every thread, worker threads included) to the
 * file named by `CHUNKDOWN_CPU_FILE`, as JSON `{ "cpuMs": … }`.
 */
import { writeFileSync } from 'node:fs';

const target = process.env.CHUNKDOWN_CPU_FILE;
if (target) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeFileSync(target, JSON.stringify({ cpuMs: (user + system) / 1000 }));
  });
}
