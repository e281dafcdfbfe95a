/**
 * Reads a fetch answer's body up to `maxBytes`. Past that the stream is cancelled and the answer is
 * `undefined`, so a hostile or broken server cannot make the reader buffer without bound; each
 * caller says what "too large" means to it (its own error, or a fallback). No body reads as empty.
 */
export async function readBodyWithin(
  response: { readonly body: ReadableStream<Uint8Array> | null },
  maxBytes: number,
): Promise<Buffer | undefined> {
  const reader = response.body?.getReader();
  if (reader === undefined) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
