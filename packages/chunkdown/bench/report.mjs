/**
 * Turn measurements into Markdown: the same text is printed and written to `bench/results/`.
 */

const MiB = 2 ** 20;

/**
 * @param {object} results `{ meta, sets }` as built by `run.mjs`.
 * @returns {string} The report, Markdown.
 */
export function formatReport({ meta, sets }) {
  const parts = [
    '# chunkdown benchmark',
    [
      `- **Date**: ${meta.date}`,
      `- **Machine**: ${meta.cpu}, ${meta.cores} cores, ${meta.memory}, ${meta.os}`,
      `- **Runtime**: Node ${meta.node}; load average ${meta.load} at the start (other work on the machine skews times, ratios less)`,
      `- **Command**: \`${meta.command}\``,
      `- **Splitters**: ${meta.versions}`,
      `- **Options**: ${meta.options}`,
    ].join('\n'),
    formatTargets(sets),
    formatLinearTargets(sets),
  ];
  for (const set of sets) {
    const heading = `## ${set.title}\n\n${set.description}`;
    if (set.kind === 'corpus') parts.push(heading, corpusTable(set));
    if (set.kind === 'adversarial') parts.push(heading, adversarialTable(set));
    if (set.kind === 'scaling') parts.push(heading, scalingTable(set));
    if (set.kind === 'large') parts.push(heading, largeTable(set));
  }
  return `${parts.filter(Boolean).join('\n\n')}\n`;
}

/** One row per splitter: totals over every document of the set. */
function corpusTable(set) {
  const floor = set.runs.find((run) => run.variant.splitter === 'floor');
  const header = [
    'splitter',
    'size',
    'time',
    'wall',
    'MB/s',
    '× floor',
    'peak RSS',
    'Δ RSS',
    'chunks',
    'orphan rows',
    'open fences',
    'cut words',
    'slowest document (time, × floor)',
  ];
  const rows = set.runs.map(({ variant, result }) => {
    if (result.fatal) return [variant.label, sizeOf(variant), `skipped: ${result.fatal}`];
    const s = summarize(set.docs, result.outcomes, floor?.result.outcomes);
    return [
      variant.label,
      sizeOf(variant),
      time(s.ms) + failures(s),
      time(s.wallMs),
      (s.bytes / 1e6 / (s.ms / 1000)).toFixed(2),
      s.ratio === undefined ? '—' : ratio(s.ratio),
      mib(result.peakRss),
      mib(result.peakRss - result.baseRss),
      String(s.chunks),
      String(s.orphanRows),
      String(s.openFences),
      String(s.cutWords),
      s.slowest ?? '—',
    ];
  });
  return table(header, rows);
}

/** One row per splitter, one column per generated document. */
function adversarialTable(set) {
  const floor = set.runs.find((run) => run.variant.splitter === 'floor');
  const header = [
    'splitter',
    'size',
    ...set.docs.map((doc) => doc.name),
    'orphan rows / open fences / cut words',
  ];
  const rows = set.runs.map(({ variant, result }) => {
    if (result.fatal) return [variant.label, sizeOf(variant), `skipped: ${result.fatal}`];
    const cells = set.docs.map((_, i) => {
      const outcome = result.outcomes[i];
      const base = floor?.result.outcomes[i];
      if (outcome.timeout) return `**timeout > ${(outcome.timeout / 1000).toFixed(1)} s**`;
      if (outcome.error) return `**error**: ${outcome.error.slice(0, 60)}`;
      const versus =
        base?.ms && variant.splitter !== 'floor' ? ` ${ratio(outcome.ms / base.ms)}` : '';
      return `${time(outcome.ms)}${versus}, ${mib(outcome.peakRss)}`;
    });
    const s = summarize(set.docs, result.outcomes);
    return [
      variant.label,
      sizeOf(variant),
      ...cells,
      `${s.orphanRows} / ${s.openFences} / ${s.cutWords}`,
    ];
  });
  return table(header, rows);
}

/** One row per splitter: time per MB at each repeat count, and how much it grew. */
function scalingTable(set) {
  const header = ['splitter', 'size'];
  for (const base of set.bases) {
    header.push(...base.docs.map((doc) => `${base.short} ×${doc.repeat} ms/MB`), 'growth', 'RSS');
  }
  const rows = set.bases[0].runs.map(({ variant }, r) => {
    const row = [variant.label, sizeOf(variant)];
    for (const base of set.bases) {
      const { result } = base.runs[r];
      if (result.fatal) {
        row.push(...base.docs.map(() => '—'), 'skipped', '');
        continue;
      }
      const perMb = result.outcomes.map((o, i) =>
        o.ms ? o.ms / (base.docs[i].bytes / 1e6) : undefined,
      );
      row.push(...result.outcomes.map((o, i) => (o.ms ? perMb[i].toFixed(0) : outcomeNote(o))));
      const last = perMb.at(-1);
      row.push(perMb[0] && last ? `×${(last / perMb[0]).toFixed(2)}` : '—');
      const rss = result.outcomes.map((o) => o.peakRss).filter(Boolean);
      row.push(rss.length ? `${mib(rss[0])} → ${mib(rss.at(-1))}` : '—');
    }
    return row;
  });
  return table(header, rows);
}

/** One row per chunkdown variant: time per MB and peak memory at each size, and the growth. */
function largeTable(set) {
  const header = [
    'splitter',
    'size',
    ...set.docs.flatMap((doc) => [`${doc.name} ms/MB`, 'peak RSS']),
    'growth',
  ];
  const rows = set.runs.map(({ variant, result }) => {
    if (result.fatal) return [variant.label, sizeOf(variant), `skipped: ${result.fatal}`];
    const perMb = perMegabyte(set.docs, result.outcomes);
    const cells = result.outcomes.flatMap((o, i) => [
      o.ms ? perMb[i].toFixed(0) : outcomeNote(o),
      mib(o.peakRss),
    ]);
    const growth = perMb[0] && perMb.at(-1) ? `×${(perMb.at(-1) / perMb[0]).toFixed(2)}` : '—';
    return [variant.label, sizeOf(variant), ...cells, growth];
  });
  return table(header, rows);
}

function perMegabyte(docs, outcomes) {
  return outcomes.map((o, i) => (o.ms ? o.ms / (docs[i].bytes / 1e6) : undefined));
}

/**
 * The targets of issue 15 (linear on anything), checked on this run's numbers: time per MB from
 * the smallest large document to the largest as a ratio, the peak memory of the largest, and the
 * time of the hostile nesting at full size (with how it grew from a quarter of it).
 *
 * @param {object[]} sets Measured sets.
 * @returns {string} A Markdown list, or nothing when neither set was run.
 */
function formatLinearTargets(sets) {
  const lines = [];
  const check = (ok, text) => lines.push(`- ${ok ? '✅' : '❌'} ${text}`);
  const ours = (set) =>
    set.runs.filter((run) => run.variant.splitter === 'chunkdown' && !run.result.fatal);
  for (const set of sets.filter((s) => s.kind === 'large')) {
    const [first, last] = [set.docs[0], set.docs.at(-1)];
    for (const { variant, result } of ours(set)) {
      const perMb = perMegabyte(set.docs, result.outcomes);
      const growth = perMb.at(-1) / perMb[0];
      const where = `size ${variant.size}`;
      check(
        growth <= 1.3,
        `CPU time per MB at ${last.name} within ×1.3 of ${first.name} (${where}): ${perMb[0]?.toFixed(0)} → ${perMb.at(-1)?.toFixed(0)} ms/MB, ×${growth.toFixed(2)}`,
      );
      const peak = result.outcomes.at(-1)?.peakRss;
      check(peak <= 2 * 2 ** 30, `peak RSS at ${last.name} ≤ 2 GiB (${where}): ${mib(peak)}`);
    }
  }
  for (const set of sets.filter((s) => s.kind === 'adversarial')) {
    for (const { variant, result } of ours(set)) {
      set.docs.forEach((doc, i) => {
        if (!doc.target?.limitMs) return;
        const outcome = result.outcomes[i];
        const base = set.docs.findIndex(
          (other) => other.target?.group === doc.target.group && other.target.factor === 1,
        );
        const before = result.outcomes[base];
        const grew =
          outcome.ms && before?.ms ? `, ×${(outcome.ms / before.ms).toFixed(1)} the time at ¼` : '';
        const text = outcome.ms ? `${time(outcome.ms)}${grew}` : outcomeNote(outcome);
        check(
          outcome.ms !== undefined && outcome.ms <= doc.target.limitMs,
          `${doc.name} ≤ ${time(doc.target.limitMs)} (size ${variant.size}): ${text}`,
        );
      });
    }
  }
  if (lines.length === 0) return '';
  return `## Targets (issue 15)\n\n${lines.join('\n')}\n\nThat the chunks stay byte-identical (to a saved baseline, on the shared corpus at six option sets) is checked by \`node scripts/snapshot.mjs check FILE\`, not by this run.`;
}

/**
 * The targets of issue 4, checked on this run's numbers (ratios, never absolute times).
 *
 * @param {object[]} sets Measured sets.
 * @returns {string} A Markdown list.
 */
function formatTargets(sets) {
  const lines = [];
  const check = (ok, text) => lines.push(`- ${ok ? '✅' : '❌'} ${text}`);
  const find = (runs, splitter, size) =>
    runs.find((run) => run.variant.splitter === splitter && run.variant.size === size)?.result;
  const ours = (set) =>
    set.runs.filter((run) => run.variant.splitter === 'chunkdown' && !run.result.fatal);

  for (const set of sets.filter((s) => s.kind === 'corpus')) {
    const floor = find(set.runs, 'floor');
    for (const { variant, result } of ours(set)) {
      const s = summarize(set.docs, result.outcomes, floor?.outcomes);
      const v3 = find(set.runs, 'chunkdown-v3', variant.size);
      const old = v3 && !v3.fatal ? summarize(set.docs, v3.outcomes, floor?.outcomes) : undefined;
      const where = `${set.short}, size ${variant.size}`;
      check(s.ratio <= 1.05 && s.failed === 0, `≤ 1.05× floor (${where}): ×${s.ratio?.toFixed(2)}`);
      if (old)
        check(s.ms <= old.ms, `faster than 3.5.0 (${where}): ${time(s.ms)} vs ${time(old.ms)}`);
      if (v3 && !v3.fatal) {
        check(
          result.peakRss < v3.peakRss,
          `less peak memory than 3.5.0 (${where}): ${mib(result.peakRss)} vs ${mib(v3.peakRss)}`,
        );
      }
      // Issue 25: reading docs dialects where documents show them costs little where they don't.
      const auto = find(set.runs, 'chunkdown-auto', variant.size);
      if (auto && !auto.fatal) {
        const withDialects = summarize(set.docs, auto.outcomes, floor?.outcomes);
        const cost = withDialects.ms / s.ms;
        // The shared corpus (a book, the CommonMark spec, READMEs) and npm's READMEs show no
        // dialect; a docs-site corpus (corpus-web) does, and pays for reading it.
        const commonMark = set.short === 'corpus' || set.short === 'node_modules';
        check(
          cost <= 1.03 || !commonMark,
          `syntax: auto() costs ×${cost.toFixed(3)} of chunkdown without it (${where})${commonMark ? '; target ≤ ×1.03 on CommonMark documents' : ''}`,
        );
      }
    }
  }
  for (const set of sets.filter((s) => s.kind === 'adversarial')) {
    for (const { variant, result } of ours(set)) {
      const v3 = find(set.runs, 'chunkdown-v3', variant.size);
      if (!v3 || v3.fatal) continue;
      const speedups = set.docs.map((_, i) => speedup(result.outcomes[i], v3.outcomes[i]));
      const worst = Math.min(...speedups.map((x) => x.value));
      const shown = speedups.map((x) => x.text).join(', ');
      check(
        worst >= 3,
        `≥ 3× faster than 3.5.0 on adversarial documents (size ${variant.size}): ${shown}`,
      );
      const heavier = set.docs.filter(
        (_, i) =>
          !(result.outcomes[i].peakRss < (v3.outcomes[i].peakRss ?? Number.POSITIVE_INFINITY)),
      );
      check(
        heavier.length === 0,
        `less peak memory than 3.5.0 on adversarial documents (size ${variant.size})${heavier.length ? `: not on ${heavier.map((d) => d.name).join(', ')}` : ''}`,
      );
    }
  }
  for (const set of sets.filter((s) => s.kind === 'scaling')) {
    for (const base of set.bases) {
      // The parser's own growth is a floor too: chunkdown cannot be flatter than what it calls.
      const floor = growthOf(base, find(base.runs, 'floor'));
      const allowed = Math.max(1.25, floor * 1.1);
      for (const { variant, result } of ours(base)) {
        const growth = growthOf(base, result);
        const where = `${base.short}, size ${variant.size}`;
        const numbers = `×${growth.toFixed(2)}, floor ×${floor.toFixed(2)}; passes ≤ ×${allowed.toFixed(2)}`;
        check(growth <= allowed, `flat time per MB from ×1 to ×16 (${where}): ${numbers}`);
      }
    }
  }
  if (lines.length === 0)
    lines.push('- chunkdown was not measured in this run, so no target can be checked.');
  return `## Targets (issue 4)\n\n${lines.join('\n')}`;
}

/** ms/MB at the last repeat count over the first (NaN when either did not finish). */
function growthOf(base, result) {
  if (!result || result.fatal) return Number.NaN;
  const perMb = result.outcomes.map((o, i) => o.ms / (base.docs[i].bytes / 1e6));
  return perMb.at(-1) / perMb[0];
}

/** How many times faster `ours` was than `theirs` on one document (a timeout counts as its budget). */
function speedup(ours, theirs) {
  if (!ours.ms) return { value: 0, text: outcomeNote(ours) };
  // A budget is wall-clock time: compare it with our wall-clock time.
  if (theirs.timeout) {
    const value = theirs.timeout / ours.wallMs;
    return { value, text: `> ×${value.toFixed(1)}` };
  }
  if (!theirs.ms) return { value: Number.POSITIVE_INFINITY, text: 'n/a' };
  return { value: theirs.ms / ours.ms, text: `×${(theirs.ms / ours.ms).toFixed(1)}` };
}

/**
 * Totals of one splitter over a set, and its ratio to the floor on the documents both finished.
 *
 * @param {object[]} docs Descriptors.
 * @param {object[]} outcomes Outcomes aligned with `docs`.
 * @param {object[] | undefined} floor The floor's outcomes, aligned with `docs`.
 */
export function summarize(docs, outcomes, floor) {
  const s = {
    ms: 0,
    wallMs: 0,
    bytes: 0,
    chunks: 0,
    orphanRows: 0,
    openFences: 0,
    cutWords: 0,
    failed: 0,
  };
  s.timeouts = 0;
  let floorMs = 0;
  let oursMs = 0;
  let worst;
  for (const [i, outcome] of outcomes.entries()) {
    if (!outcome.ms && outcome.ms !== 0) {
      s.failed++;
      if (outcome.timeout) s.timeouts++;
      else s.error ??= outcome.error;
      continue;
    }
    s.ms += outcome.ms;
    s.wallMs += outcome.wallMs;
    s.bytes += docs[i].bytes;
    s.chunks += outcome.chunks;
    s.orphanRows += outcome.quality?.orphanRows ?? 0;
    s.openFences += outcome.quality?.openFences ?? 0;
    s.cutWords += outcome.quality?.cutWords ?? 0;
    const base = floor?.[i]?.ms;
    if (base !== undefined) {
      floorMs += base;
      oursMs += outcome.ms;
    }
    // Slowest: the worst ratio to the floor, or the lowest MB/s for the floor itself.
    // Documents under 10 kB are left out: one reading of a few milliseconds is mostly noise.
    if (docs[i].bytes < 10_000) continue;
    const score =
      base !== undefined && floor !== outcomes ? outcome.ms / base : outcome.ms / docs[i].bytes;
    if (!worst || score > worst.score) worst = { score, doc: docs[i], ms: outcome.ms, base };
  }
  if (floorMs > 0 && floor !== outcomes) s.ratio = oursMs / floorMs;
  if (worst) {
    const versus =
      worst.base !== undefined && floor !== outcomes ? `, ${ratio(worst.ms / worst.base)}` : '';
    s.slowest = `${worst.doc.name} (${kb(worst.doc.bytes)}): ${time(worst.ms)}${versus}`;
  }
  return s;
}

function failures(s) {
  if (s.failed === 0) return '';
  const parts = [];
  if (s.timeouts) parts.push(`${s.timeouts} timeouts`);
  if (s.failed > s.timeouts) parts.push(`${s.failed - s.timeouts} errors: ${s.error.slice(0, 80)}`);
  return ` (+ ${parts.join(', ')})`;
}

function outcomeNote(outcome) {
  if (outcome.timeout) return `timeout > ${(outcome.timeout / 1000).toFixed(1)} s`;
  return `error: ${outcome.error?.slice(0, 40)}`;
}

/** `×1.02`, or two significant digits below 0.1 (`×0.0041`), so a fast peer does not read `×0.00`. */
function ratio(value) {
  return `×${value < 0.1 ? value.toPrecision(2) : value.toFixed(2)}`;
}

function sizeOf(variant) {
  return variant.size === undefined ? '—' : String(variant.size);
}

function time(ms) {
  return ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function mib(bytes) {
  return bytes ? `${Math.round(bytes / MiB)} MiB` : '—';
}

function kb(bytes) {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} kB`;
}

/** A Markdown table with padded columns, readable in a terminal as it is. */
function table(header, rows) {
  const width = header.length;
  const full = rows.map((row) => [...row, ...Array(Math.max(0, width - row.length)).fill('')]);
  const widths = header.map((h, c) => Math.max(h.length, 3, ...full.map((row) => row[c].length)));
  const line = (cells) => `| ${cells.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  const rule = `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`;
  return [line(header), rule, ...full.map(line)].join('\n');
}
