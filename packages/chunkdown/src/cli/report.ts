// The report lives in the library's `chunkdown/quality` export, which the visualizer uses too.
export * from '../quality.js';
