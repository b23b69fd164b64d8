/**
 * The data of a `COPY … FROM '/dev/blob'` on the embedded database, as one ArrayBuffer of exactly its bytes
 * (docs/decisions/platform.md, "COPY data crosses to the database thread by transfer").
 * PGlite takes a statement's COPY data as its `blob` option and reads it only through `arrayBuffer()`. A real Blob cost
 * two copies of each click batch: into the Blob on the request thread, and out of it on the database thread. Each copy
 * went into a fresh allocation, which `npm start`'s malloc settings map and unmap page by page: about 3 ms of CPU for a
 * 300 KB batch. A `CopyData` is handed to the database thread by transfer (pglite-thread.ts), with no copy on that side,
 * and is used once: the transfer detaches its buffer on the sending side.
 */
export class CopyData {
  constructor(readonly bytes: ArrayBuffer) {}

  /** a copy of `bytes` as COPY data (the caller keeps its own buffer: a batch written again needs it) */
  static of(bytes: Uint8Array): CopyData {
    return new CopyData(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  }

  /** what PGlite calls to read the data */
  arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.bytes);
  }

  /** as PGlite's `blob` option, which reads it through `arrayBuffer()` only (pglite-thread.test.ts reads it through the
   * thread; the click suites write through it on the test's own thread) */
  asBlob(): Blob {
    return this as unknown as Blob;
  }
}
