/** An absolute http(s) URL: the only kind the processor links to or delivers to. */
export function isWebUrl(value: string): boolean {
  return URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);
}
