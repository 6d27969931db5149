/** A refusal in the calendar API's own shape: `{ error: { code, message, errors, status } }`. */
export class CalendarApiError extends Error {
  constructor(readonly code: number, message: string, readonly reason: string, readonly status: string) {
    super(message);
  }

  toBody() {
    return { error: { code: this.code, message: this.message, errors: [{ domain: 'global', reason: this.reason, message: this.message }], status: this.status } };
  }
}

export const invalidCredentials = () =>
  new CalendarApiError(401, 'Request had invalid authentication credentials.', 'authError', 'UNAUTHENTICATED');

export const notFound = () => new CalendarApiError(404, 'Not Found', 'notFound', 'NOT_FOUND');

export const badRequest = (message: string) => new CalendarApiError(400, message, 'invalid', 'INVALID_ARGUMENT');
