// The checks live in the library's `chunkdown/quality` export, which the visualizer uses too.
export { type ChunkQuality, cutsWord, inspectChunk } from '../quality.js';
