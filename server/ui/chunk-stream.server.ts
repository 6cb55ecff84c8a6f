/**
 * A web stream of bytes already in hand, each chunk as it is (not copied): a document's bytes for
 * its `Response`, which would copy a buffer given as the body, and a handoff read to its end.
 */
export function streamOfChunks(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}
