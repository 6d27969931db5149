export const SUMMARIZER_ENV = Symbol('SUMMARIZER_ENV');
/** How host names are resolved for the SSRF guard; the system's resolver unless a test provides one. */
export const HOST_RESOLVER = Symbol('HOST_RESOLVER');
