/** A refused hook or RPC call, answered `{ error }` with `status`. */
export class ChainError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}
