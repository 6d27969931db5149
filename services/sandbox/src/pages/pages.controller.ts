import { Controller, Delete, Get, Param, ParseIntPipe, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HungConnections } from '../hung-connections.service.js';
import { ARTICLE_HTML, HUGE_FILLER, HUGE_HEAD, largeHtml, latin1Html, XHTML_PAGE } from './page-html.js';

const HTML = 'text/html; charset=utf-8';
/** Bigger than the summarizer reads (5 MB), so it must stop reading. */
const HUGE_BYTES = 8 * 1024 * 1024;
const REQUEST_LOG_LIMIT = 10_000;
/** The cloud metadata address a redirect must never reach. */
const METADATA_URL = 'http://169.254.169.254/latest/meta-data/';

/**
 * Web pages for the summarizer (docs/sandbox.md, Web pages), and the log of what was asked, so a
 * test can show a refused URL was never fetched.
 */
@Controller('pages')
export class PagesController {
  /** Each request's path and the User-Agent it came with. */
  private readonly requests: Array<{ url: string; userAgent: string }> = [];

  constructor(private readonly hung: HungConnections) {}

  @Get('requests')
  list(): { requests: string[]; userAgents: string[] } {
    return { requests: this.requests.map((entry) => entry.url), userAgents: this.requests.map((entry) => entry.userAgent) };
  }

  @Delete('requests')
  forget(): { ok: true } {
    this.requests.length = 0;
    return { ok: true };
  }

  @Get('article')
  article(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.logged(request, reply).type(HTML).send(ARTICLE_HTML);
  }

  /** The other content type 4.11 reads. */
  @Get('xhtml')
  xhtml(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.logged(request, reply).type('application/xhtml+xml; charset=utf-8').send(XHTML_PAGE);
  }

  /** windows-1252 bytes, the charset in the Content-Type header only. */
  @Get('latin1')
  latin1(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.logged(request, reply).type('text/html; charset=windows-1252').send(Buffer.from(latin1Html(false), 'latin1'));
  }

  /** windows-1252 bytes, the charset in a <meta> only. */
  @Get('meta-charset')
  metaCharset(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.logged(request, reply).type('text/html').send(Buffer.from(latin1Html(true), 'latin1'));
  }

  /** `hops` redirects (relative Location), then the article. */
  @Get('redirect/:hops')
  redirect(@Param('hops', ParseIntPipe) hops: number, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.logged(request, reply).redirect(hops > 1 ? `${hops - 1}` : '../article', 302);
  }

  /** A redirect anywhere: the open redirect an attacker would use to reach an inner address. */
  @Get('redirect-to')
  redirectTo(@Query('location') location: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.logged(request, reply).redirect(location, 302);
  }

  @Get('metadata-redirect')
  metadataRedirect(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.logged(request, reply).redirect(METADATA_URL, 302);
  }

  /** A page of about `kb` kilobytes (200 by default): the benchmark's page. */
  @Get('large')
  large(@Query('kb') kb: string | undefined, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const size = Math.min(Math.max(Number(kb) || 200, 1), 4096) * 1024;
    return this.logged(request, reply).type(HTML).send(largeHtml(size));
  }

  /** 8 MB streamed: more than the summarizer reads. */
  @Get('huge')
  huge(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    this.logged(request, reply);
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': HTML });
    let sent = 0;
    const write = () => {
      while (sent < HUGE_BYTES && !reply.raw.destroyed) {
        const chunk = sent === 0 ? HUGE_HEAD : HUGE_FILLER.repeat(256);
        sent += chunk.length;
        if (!reply.raw.write(chunk)) return void reply.raw.once('drain', write);
      }
      if (!reply.raw.destroyed) reply.raw.end('</body></html>');
    };
    write();
  }

  @Get('report.pdf')
  pdf(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.logged(request, reply).type('application/pdf').send(Buffer.from('%PDF-1.4\n%sandbox\n'));
  }

  @Get('status/:code')
  status(@Param('code', ParseIntPipe) code: number, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return this.logged(request, reply).status(code >= 200 && code <= 599 ? code : 500).type(HTML).send(`<html><head><title>Status ${code}</title></head><body><h1>${code}</h1></body></html>`);
  }

  /** Never answers (until the client hangs up). */
  @Get('hang')
  async hang(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    this.logged(request, reply);
    await this.hung.hold(reply.raw);
  }

  private logged(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    this.requests.push({ url: request.url, userAgent: request.headers['user-agent'] ?? '' });
    if (this.requests.length > REQUEST_LOG_LIMIT) this.requests.shift();
    return reply;
  }
}
