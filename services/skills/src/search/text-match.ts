/**
 * A search term as the datasets are matched on: case, accents, punctuation and the word "and" do
 * not matter, so "Drum and Bass", "drum-and-bass" and "drum & bass" are one genre, "sao paulo" is São Paulo.
 */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && word !== 'and').join('-');
}

/** Whether `value` is the term asked for; no term asked matches everything. */
export function matches(value: string, term: string | undefined): boolean {
  return term === undefined || searchKey(value) === searchKey(term);
}
