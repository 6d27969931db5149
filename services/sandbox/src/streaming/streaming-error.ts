/** A refused call to the streaming provider: its API answers in the provider's error shape, its hooks as `{ error }`. */
export class StreamingError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }

  /** The provider's shape: `{ error: { type, messages } }`. */
  apiBody(): { error: { type: string; messages: string[] } } {
    const type = ({ 400: 'invalid_parameters', 401: 'unauthorized', 404: 'not_found' } as Record<number, string>)[this.status] ?? 'internal_error';
    return { error: { type, messages: [this.message] } };
  }
}
