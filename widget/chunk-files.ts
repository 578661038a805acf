/**
 * The lazy chunks' file names in dist/widget/chunks, with their content hash; the widget's build
 * writes them in place of the placeholder below (rollup.config.mjs).
 */
export interface ChunkFiles {
  [chunk: string]: { js: string; css?: string } | string | undefined;
  /** The heading face's file. */
  font?: string;
}

declare const __COMAL_CHUNK_FILES__: ChunkFiles | undefined;

export const chunkFiles: ChunkFiles = typeof __COMAL_CHUNK_FILES__ === 'undefined' ? {} : __COMAL_CHUNK_FILES__;
