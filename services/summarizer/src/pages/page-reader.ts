import { SUMMARIZER_LIMITS as LIMITS } from '@platform/contracts';
import { loadBuffer, type CheerioAPI } from 'cheerio';
import type { FetchedPage } from './page-fetcher.js';
import { absoluteHttpUrl, cut, distinct, squash } from './page-text.js';

/** Meta tags 4.11's extract returns: every og:* and twitter:*, and the description. */
const EXTRACTED_META = /^(?:og:|twitter:)|^description$/i;

/**
 * One fetched page parsed once with cheerio on htmlparser2 (forgiving, and several times faster than
 * parse5 on a 5 MB page, which a service answering over NATS must parse without stalling), its text decoded
 * from the header's charset, else a <meta> charset or a BOM (cheerio's encoding sniffer), else
 * windows-1252 as browsers do; read for 4.11's summary and extract.
 */
export class PageReader {
  private readonly $: CheerioAPI;
  private readonly base: URL;

  constructor(page: FetchedPage) {
    this.$ = loadBuffer(page.body, { encoding: { transportLayerEncodingLabel: page.charset }, xml: { xmlMode: false, decodeEntities: true } });
    // Not text a reader sees: out of every count and list.
    this.$('script, style, noscript, template').remove();
    this.base = baseOf(this.$, page.url);
  }

  /** The title tag, else the first h1. */
  title(): string {
    return squash(this.$('title').first().text()) || squash(this.$('h1').first().text());
  }

  /** The description tag, else the og or twitter one. */
  description(): string {
    return this.meta('description') ?? this.meta('og:description') ?? this.meta('twitter:description') ?? '';
  }

  headings(): string[] {
    return distinct(this.texts('h1, h2, h3'), LIMITS.headings);
  }

  paragraphs(): string[] {
    return distinct(this.texts('p'), LIMITS.paragraphs);
  }

  /** Words of the page's visible text, approximately: runs of non-space outside scripts and styles. */
  wordCount(): number {
    const text = squash(this.$('body').text());
    return text ? text.split(' ').length : 0;
  }

  links(): Array<{ href: string; text: string }> {
    return this.distinctBy('a[href]', 'href', LIMITS.links, (element, href) => ({ href, text: cut(squash(element.text()), LIMITS.text) }));
  }

  images(): Array<{ src: string; alt: string }> {
    return this.distinctBy('img[src]', 'src', LIMITS.images, (element, src) => ({ src, alt: cut(squash(element.attr('alt') ?? ''), LIMITS.text) }));
  }

  /** og:*, twitter:* and description tags by name (or property), the first of each. */
  metaTags(): Record<string, string> {
    const tags: Record<string, string> = {};
    this.$('meta[content]').each((_, element) => {
      const name = (this.$(element).attr('property') ?? this.$(element).attr('name') ?? '').trim().toLowerCase();
      if (EXTRACTED_META.test(name) && !(name in tags)) tags[name] = this.$(element).attr('content') ?? '';
    });
    return tags;
  }

  private meta(name: string): string | undefined {
    const found = this.$('meta[content]').filter((_, element) => {
      const tag = this.$(element);
      return [tag.attr('name'), tag.attr('property')].some((value) => value?.trim().toLowerCase() === name);
    });
    const content = squash(found.first().attr('content') ?? '');
    return content || undefined;
  }

  private texts(selector: string): string[] {
    return this.$(selector).toArray().map((element) => squash(this.$(element).text()));
  }

  /** Elements whose URL attribute resolves to an absolute http(s) URL, the first per URL, at most `max`. */
  private distinctBy<T>(selector: string, attribute: string, max: number, view: (element: ReturnType<CheerioAPI>, url: string) => T): T[] {
    const seen = new Set<string>();
    const found: T[] = [];
    for (const element of this.$(selector).toArray()) {
      if (found.length === max) break;
      const wrapped = this.$(element);
      const url = absoluteHttpUrl(wrapped.attr(attribute), this.base);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      found.push(view(wrapped, url));
    }
    return found;
  }
}

/** A <base href> resolved against where the page was found, else that address. */
function baseOf($: CheerioAPI, url: URL): URL {
  const declared = $('base[href]').first().attr('href');
  try {
    return declared ? new URL(declared, url) : url;
  } catch {
    return url;
  }
}
