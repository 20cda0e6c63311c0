/** Types of `dense.mjs` (the tests check its index and fusion without the model). */
export const densePackages: Record<string, string>;
export const dimensions: number;
export const denseHome: string;
export function ensureModel(log: (message: string) => void): string;
export function loadEmbedder(log: (message: string) => void): Promise<{
  embed(texts: string[]): Promise<Float32Array[]>;
  stats: { embedded: number; cached: number };
}>;
export function unit(vector: Float32Array): Float32Array;
export function denseIndex(vectors: Float32Array[]): {
  search(query: Float32Array, limit: number): number[];
  size: number;
};
export function fuse(lists: number[][], limit: number): number[];
