// The checks live in the library's `chunkdown/quality` export, which the visualizer uses too.
export { type ChunkQuality, inspectChunk } from '../quality.js';
