/**
 * The import rules of `src/`: the tree is the pipeline, and a module imports only from the stages
 * before its own (or its own folder). Layers, first to last:
 *
 * 0. `types.ts`, `options.ts`: the shared vocabulary, importable from anywhere;
 * 1–6. the stages: `util/`, `parse/`, `tree/`, `split/`, `pack/`, `chunk/`;
 * 7. the entry points, in `src/` (`index`, `chunkdown`, `pipeline`, `internal`, `quality`, …) and
 *    its entry folders `adapters/` and `tokenize/`: they wire the stages together;
 * 8. the consumers, `cli/` and `quality/`: they use the entry points only (the public API, or
 *    the one internal entry `internal.ts`), never a stage folder; `quality.ts` re-exports its
 *    folder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The stage folders of `src/`, in pipeline order. */
export const stages = ['util', 'parse', 'tree', 'split', 'pack', 'chunk'] as const;
const consumers = ['cli', 'quality'];
/** Folders of entry points (layer 7): the adapters and the tokenizers. */
const entryFolders = ['adapters', 'tokenize'];
const base = new Set(['types.ts', 'options.ts']);

/** Where a module of `src/` sits: its layer and its folder (`''` for the top level). */
export interface Place {
  layer: number;
  folder: string;
}

/**
 * The place of a module, from its path relative to `src/`.
 *
 * @param path
 *   A path such as `tree/sections.ts`.
 * @returns
 *   Its layer and folder.
 */
export function placeOf(path: string): Place {
  const parts = path.split('/');
  if (parts.length === 1) return { layer: base.has(path) ? 0 : 7, folder: '' };
  const folder = parts[0] as string;
  const stage = (stages as readonly string[]).indexOf(folder);
  if (stage >= 0) return { layer: stage + 1, folder };
  if (entryFolders.includes(folder)) return { layer: 7, folder };
  if (consumers.includes(folder)) return { layer: 8, folder };
  throw new Error(`${path}: a folder of src/ that is neither a stage nor a consumer`);
}

/** An import that goes against the pipeline. */
export interface Violation {
  from: string;
  to: string;
  why: string;
}

/**
 * The imports among modules that break the rules (see the module description).
 *
 * @param imports
 *   For each module (path relative to `src/`), the modules it imports (same form).
 * @returns
 *   The violations, in order.
 */
export function layerViolations(imports: ReadonlyMap<string, readonly string[]>): Violation[] {
  const violations: Violation[] = [];
  for (const [from, targets] of imports) {
    const source = placeOf(from);
    for (const to of targets) {
      const target = placeOf(to);
      if (target.folder === source.folder && source.folder !== '') continue;
      // The shared vocabulary builds on itself; an entry point re-exports its own folder
      // (`quality.ts` → `quality/`).
      if (source.layer === 0 && target.layer === 0) continue;
      if (source.folder === '' && `${target.folder}.ts` === from) continue;
      if (source.layer === 8 && target.layer >= 1 && target.layer <= 6) {
        violations.push({ from, to, why: 'consumers use the entry points, not a stage' });
      } else if (source.layer === 7 && target.layer === 7) {
        // Entry points build on each other.
      } else if (target.layer >= source.layer && !(source.layer === 8 && target.layer === 7)) {
        violations.push({ from, to, why: 'imports a later stage (or its own layer)' });
      }
    }
  }
  return violations;
}

/**
 * The relative imports of every module under a source folder.
 *
 * @param src
 *   The folder.
 * @returns
 *   Module path → imported module paths, both relative to `src`.
 */
export function importsOf(src: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of modules(src)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const spec = match[1] as string;
      if (spec.endsWith('.json')) continue;
      const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
      targets.push(relative(src, target).split('\\').join('/'));
    }
    graph.set(relative(src, file).split('\\').join('/'), targets);
  }
  return graph;
}

/** A top-level binding that holds state a call can change, with where it is. */
export interface MutableState {
  file: string;
  name: string;
}

/**
 * Module-level state that calls can change: `let` or `var` at the top level, or a top-level
 * collection or object that the module adds to, deletes from or assigns into.
 *
 * @param src
 *   The source folder.
 * @returns
 *   Each such binding.
 */
export function mutableState(src: string): MutableState[] {
  const found: MutableState[] = [];
  for (const file of modules(src)) {
    const text = readFileSync(file, 'utf8');
    const name = relative(src, file);
    for (const match of text.matchAll(/^(?:export )?(?:let|var) +([A-Za-z_$][\w$]*)/gm)) {
      found.push({ file: name, name: match[1] as string });
    }
    for (const match of text.matchAll(
      /^(?:export )?const +([A-Za-z_$][\w$]*)(?:: [^=]+)? = (?:new (?:Map|WeakMap|Set|WeakSet)\b|\{|\[)/gm,
    )) {
      const binding = match[1] as string;
      const writes = new RegExp(
        `\\b${binding.replace(/\$/g, '\\$')}(?:\\.(?:set|add|delete|clear|push|pop|splice|unshift)\\(|\\[[^\\]]+\\] *(?:\\?\\?)?=[^=])`,
      );
      if (writes.test(text)) found.push({ file: name, name: binding });
    }
  }
  return found;
}

function modules(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return modules(path);
    return entry.endsWith('.ts') ? [path] : [];
  });
}
