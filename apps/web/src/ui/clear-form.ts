/** Puts every field of a useForm back to its empty value, once what was typed has been sent. */
export function clearForm<F extends string>(set: (field: F) => (value: string) => void, empty: Record<F, string>): void {
  for (const field of Object.keys(empty) as F[]) set(field)(empty[field]);
}
