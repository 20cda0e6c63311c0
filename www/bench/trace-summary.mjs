// `node bench/trace-summary.mjs TRACE.json…`: the main thread's tasks over 50 ms in a Chromium
// trace written by `bench:live --trace DIR`, and what each spent its time on (the trace events
// directly inside it, summed by name: layout, style, script, paint…).
import { readFileSync } from 'node:fs';

for (const file of process.argv.slice(2)) {
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  const events = (Array.isArray(raw) ? raw : raw.traceEvents).filter((e) => e.ph === 'X');
  // The renderer's main thread: the thread with the most RunTask time among CrRendererMain.
  const names = new Map();
  for (const e of Array.isArray(raw) ? raw : raw.traceEvents) {
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  }
  const main = [...names].filter(([, name]) => name === 'CrRendererMain').map(([key]) => key);
  const byThread = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!main.includes(key)) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const tasks = list.filter(
      (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask',
    );
    const long = tasks.filter((t) => t.dur > 50_000);
    const busy = tasks.reduce((sum, t) => sum + t.dur, 0);
    if (tasks.length === 0) continue;
    console.log(
      `\n# ${file} thread ${key}: ${tasks.length} tasks, ${(busy / 1000).toFixed(0)} ms busy, ${long.length} over 50 ms`,
    );
    const total = new Map();
    for (const task of long) {
      const inside = list.filter(
        (e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur,
      );
      // Direct children only: events not inside another event of the task.
      const sums = new Map();
      for (const e of inside) {
        const parent = inside.find(
          (p) => p !== e && p.ts <= e.ts && p.ts + p.dur >= e.ts + e.dur && p.dur > e.dur,
        );
        const label =
          e.name === 'FunctionCall' || e.name === 'EventDispatch'
            ? `${e.name} ${e.args?.data?.functionName ?? e.args?.data?.type ?? ''} ${e.args?.data?.url?.split('/').pop() ?? ''}:${e.args?.data?.lineNumber ?? ''}`
            : e.name;
        if (!parent || parent.name === 'RunTask') sums.set(label, (sums.get(label) ?? 0) + e.dur);
        if (
          [
            'Layout',
            'UpdateLayoutTree',
            'Paint',
            'PrePaint',
            'Layerize',
            'MajorGC',
            'MinorGC',
            'V8.GC_SCAVENGER',
            'CommitLoad',
          ].includes(e.name)
        )
          total.set(e.name, (total.get(e.name) ?? 0) + e.dur);
      }
      const top = [...sums].sort((a, b) => b[1] - a[1]).slice(0, 6);
      console.log(
        `  ${(task.dur / 1000).toFixed(0)} ms: ${top.map(([n, d]) => `${n} ${(d / 1000).toFixed(0)}`).join(', ')}`,
      );
    }
    console.log(
      `  in long tasks: ${[...total].map(([n, d]) => `${n} ${(d / 1000).toFixed(0)} ms`).join(', ')}`,
    );
  }
}
