/** A moment from the API (ISO 8601) in the reader's locale; `none` when the API has none yet. */
export function dateTime(iso: string | null | undefined, none = 'never'): string {
  return iso ? new Date(iso).toLocaleString() : none;
}
