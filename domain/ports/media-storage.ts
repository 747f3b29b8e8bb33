// The MediaStorage port: where the bytes of the media library live (the events of `media-<id>`
// streams say what is there). Implemented on the local disk under $DATA_DIR/media
// (infra/media-storage/file-media-storage.ts). A file is received into a pending upload first, so an
// upload that is refused (too large, cut off, or not recorded) never leaves bytes behind.

/** A source of bytes that is read until it ends; left paused, not destroyed, when the storage stops early. */
export interface ByteSource {
  /** True once the source failed or was closed (e.g. the client went away before it was read). */
  readonly destroyed: boolean;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  off(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  off(event: 'end' | 'close', listener: () => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/** Received bytes not yet under their key. */
export interface PendingMedia {
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** The first bytes (up to 64), to tell what the file is by its magic bytes. */
  head: Uint8Array;
  /** Where the bytes are on this machine's disk until kept or discarded (to process a photo). */
  path: string;
  /** Moves the bytes under `key` (e.g. `<mediaId>/<fileName>`). */
  keep(key: string): Promise<void>;
  /** Removes the bytes. */
  discard(): Promise<void>;
}

export interface StoredMediaFile {
  /** Where the file is on this machine's disk, for serving it with ranges and validators. */
  path: string;
  size: number;
  modifiedAt: Date;
}

export interface MediaStorage {
  /**
   * Reads `source` to its end into a pending upload. Stops reading as soon as more than `maxBytes`
   * arrived, removes what it wrote and throws MediaTooLarge; a source that fails or closes early
   * leaves nothing behind either.
   */
  receive(source: ByteSource, options: { maxBytes: number }): Promise<PendingMedia>;
  /** The stored file under `key`, or null. */
  find(key: string): Promise<StoredMediaFile | null>;
  /** Removes the file under `key` (nothing when absent). */
  remove(key: string): Promise<void>;
}

export class MediaTooLarge extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'MediaTooLarge';
    this.maxBytes = maxBytes;
  }
}

export class MediaCutOff extends Error {
  constructor() {
    super('The upload ended before the file was complete.');
    this.name = 'MediaCutOff';
  }
}
