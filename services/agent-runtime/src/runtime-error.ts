/** An answer the runtime gives on purpose, with its status; anything else is a 500. */
export class RuntimeError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}
