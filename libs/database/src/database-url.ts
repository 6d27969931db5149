/** The same server and credentials as `url`, another database. */
export function databaseUrlNamed(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
