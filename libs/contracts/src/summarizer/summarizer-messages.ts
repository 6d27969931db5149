/** Error texts of the summarizer (extended-services 4.11, 7; ours in docs/spec-decisions.md). */
export const SUMMARIZER_MESSAGES = {
  urlRequired: 'url required',
  urlInvalid: 'url must be an absolute http or https URL',
  refused: 'Refused: the URL points to a private or reserved address',
  unresolvable: 'The URL\'s host name does not resolve',
  fetchFailed: 'Page fetch failed',
} as const;
