// A byte stream read whole under a size cap, stopping as soon as it passes the cap: the GitHub client's answers
// (browser and CLI) and a shared link's decompressed case both use it, so a hostile or mistaken source cannot fill
// the memory. Typed by shape, not by a platform's ReadableStream, so the core stays free of platform APIs.

export interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };
}

/** The stream's bytes; once more than `limit` have come, the stream is cancelled and `tooLarge()` is thrown. */
export async function readCapped(stream: ByteStream, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!value) continue;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: a source that never finishes cancelling must not hold the caller.
      void reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
