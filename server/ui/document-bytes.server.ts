/**
 * Where React writes a document: its pieces, joined once at its end. React needs only `write`,
 * `end`, `destroy` and `on` of a Node stream, and a stream between would pass every piece
 * through its machinery (and each long string through a Buffer of its own) on the way here.
 * React hands over a new view after each write, so keeping the pieces until the end is safe.
 */
export class DocumentBytes {
  private readonly parts: (string | Uint8Array)[] = [];
  private length = 0;

  constructor(
    private readonly finished: (html: Buffer) => void,
    private readonly failed: (error: Error) => void,
  ) {}

  write(part: string | Uint8Array): boolean {
    this.parts.push(part);
    this.length += typeof part === "string" ? Buffer.byteLength(part) : part.byteLength;
    return true;
  }

  end(): void {
    // Its own memory, never a view of Node's shared pool of small Buffers: a render thread hands
    // the memory itself to the thread answering requests, without a copy.
    const html = Buffer.allocUnsafeSlow(this.length);
    let at = 0;
    for (const part of this.parts) {
      if (typeof part === "string") at += html.write(part, at);
      else {
        html.set(part, at);
        at += part.byteLength;
      }
    }
    this.parts.length = 0;
    this.finished(html);
  }

  destroy(error: unknown): void {
    this.failed(error instanceof Error ? error : new Error(String(error)));
  }

  /** React listens for `drain`, `error` and `close`; none of them happens here. */
  on(): this {
    return this;
  }
}
