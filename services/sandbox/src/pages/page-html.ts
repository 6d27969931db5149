/** Pages the summarizer is tried on (docs/sandbox.md, Web pages). */

const LOREM = 'Central banks kept rates on hold this week while markets priced in two cuts next year, and traders moved back into short-dated bonds.';

/** An article with everything 4.11 reads: repeated headings and paragraphs, relative links and images, og and twitter tags. */
export const ARTICLE_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Sandbox Gazette: Rates Hold Steady</title>
  <meta name="description" content="Central banks hold rates; markets expect cuts.">
  <meta property="og:title" content="Rates Hold Steady">
  <meta property="og:description" content="What the pause means for savers and borrowers.">
  <meta property="og:image" content="/pages/img/og.png">
  <meta property="og:type" content="article">
  <meta name="twitter:card" content="summary_large_image">
  <meta name="twitter:site" content="@sandboxgazette">
  <meta name="robots" content="index">
  <style>h1 { color: navy }</style>
  <script>window.analytics = "not text";</script>
</head>
<body>
  <nav><a href="/pages/latin1">Europe</a> <a href="other.html">Other news</a> <a href="javascript:void(0)">Menu</a> <a href="mailto:desk@gazette.example">Write to us</a></nav>
  <h1>Rates   Hold Steady</h1>
  <p>${LOREM}</p>
  <h2>Background</h2>
  <p>Inflation has cooled for six months in a row.</p>
  <p>${LOREM}</p>
  <h2>Background</h2>
  <h3>What analysts say</h3>
  <p>  Most analysts expect the first cut in spring.  </p>
  <p></p>
  <h4>Not a summary heading</h4>
  <img src="/pages/img/chart.png" alt="Rates since 2020">
  <img src="img/photo.jpg" alt="The central bank's building">
  <img src="img/photo.jpg" alt="The same photo again">
  <img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">
  <a href="https://markets.example.com/rates">Live rates</a>
  <a href="../pages/article#comments">Comments</a>
  <a href="/pages/latin1">Europe, again</a>
  <a href="/pages/long-link">${'A very long link text. '.repeat(10)}</a>
</body>
</html>`;

/** Text a windows-1252 page carries: every accented letter is one byte there, two in UTF-8. */
export const LATIN1_TITLE = 'Café crème à Zürich';

export const latin1Html = (withMeta: boolean) => `<!doctype html><html><head>${withMeta ? '<meta charset="windows-1252">' : ''}<title>${LATIN1_TITLE}</title></head>
<body><h1>Économie</h1><p>Les marchés européens ont progressé, portés par la déception des élèves français et la hausse de l'€.</p></body></html>`;

/** A page of about `bytes`, sections repeated (each heading and paragraph its own, so nothing deduplicates away). */
export function largeHtml(bytes: number): string {
  const head = '<!doctype html><html><head><meta charset="utf-8"><title>A long report</title><meta name="description" content="Many sections."></head><body><h1>A long report</h1>';
  const sections: string[] = [];
  let size = head.length;
  for (let index = 1; size < bytes; index += 1) {
    const section = `<h2>Section ${index}</h2><p>Paragraph ${index}: ${LOREM}</p><a href="/pages/section/${index}">Section ${index}</a>`
      + `<img src="/pages/img/figure-${index}.png" alt="Figure ${index}: ${LOREM}">`;
    sections.push(section);
    size += section.length;
  }
  return `${head}${sections.join('')}</body></html>`;
}

/** An XHTML document, served as application/xhtml+xml. */
export const XHTML_PAGE = '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>An XHTML page</title></head>'
  + '<body><h1>XHTML</h1><p>Served as application/xhtml+xml.</p></body></html>';

/** The start of the huge page; the rest is filler paragraphs written until its size. */
export const HUGE_HEAD = '<!doctype html><html><head><title>A huge page</title></head><body><h1>A huge page</h1>';
export const HUGE_FILLER = `<p>${LOREM}</p>`;
