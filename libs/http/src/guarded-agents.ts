import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { isPublicAddress } from './public-address.js';

/** Resolves a host name to every address it has; dns.lookup (the system's resolver) unless a test gives its own. */
export type HostResolver = (hostname: string) => Promise<dns.LookupAddress[]>;

const systemResolver: HostResolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A connection the guard refused: its host is, or resolves to, an address that is not public. */
export class RefusedAddressError extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(host === address ? `${host} is not a public address` : `${host} resolves to ${address}, which is not a public address`);
  }
}

export interface GuardOptions {
  /**
   * Hosts reached without the check (the sandbox in development and tests): `host` for any port, or
   * `host:port`; IPv6 in brackets.
   */
  allowedHosts?: readonly string[];
  resolver?: HostResolver;
}

/** What http.Agent#createSocket hands createConnection: the request's options, and where the socket goes. */
type ConnectOptions = http.ClientRequestArgs;
type Created = (error: Error | null, stream: Duplex) => void;

/**
 * Decides every connection as it is made, so what is checked is what is connected to: an IP host
 * before connecting, a name through a lookup that refuses it when any of its addresses is not public.
 * A DNS answer that changes between two looks (rebinding) cannot slip through, and every redirect hop
 * is a connection of its own.
 */
class ConnectGuard {
  private readonly allowed: ReadonlySet<string>;
  private readonly lookup: net.LookupFunction;

  constructor(options: GuardOptions) {
    this.allowed = new Set((options.allowedHosts ?? []).map(normalizedEntry));
    this.lookup = guardedLookup(options.resolver ?? systemResolver);
  }

  /** The options to connect with, or the refusal. */
  check<T extends ConnectOptions>(options: T): T | RefusedAddressError {
    const host = (options.host ?? 'localhost').replace(/^\[|\]$/g, '').toLowerCase();
    if (this.allowed.has(host) || this.allowed.has(`${host}:${options.port ?? ''}`)) return options;
    if (net.isIP(host)) return isPublicAddress(host) ? options : new RefusedAddressError(host, host);
    return { ...options, lookup: this.lookup };
  }
}

/** `host` or `host:port`, lower case, brackets of an IPv6 host dropped; read as a URL's authority reads it. */
function normalizedEntry(entry: string): string {
  const url = new URL(`http://${entry.trim()}`);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return url.port ? `${host}:${url.port}` : host;
}

function guardedLookup(resolver: HostResolver): net.LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname).then((found) => {
      const refused = found.find(({ address }) => !isPublicAddress(address));
      if (refused) throw new RefusedAddressError(hostname, refused.address);
      const addresses = options.family === 4 || options.family === 6 ? found.filter(({ family }) => family === options.family) : found;
      if (!addresses.length) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    }).catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}

/** An agent whose every new connection the guard decides first (http's and https's alike, so not a subclass of each). */
function guardConnections<A extends http.Agent>(agent: A, guard: ConnectGuard): A {
  const connect = agent.createConnection.bind(agent) as (options: ConnectOptions, created?: Created) => Duplex | null | undefined;
  agent.createConnection = (options: ConnectOptions, created?: Created) => {
    const checked = guard.check(options);
    // Through the callback, as a failed connect is: the request emits it as its error.
    if (checked instanceof Error) return void created?.(checked, undefined as never);
    return connect(checked, created);
  };
  return agent;
}

export interface GuardedAgents {
  'http:': http.Agent;
  'https:': https.Agent;
}

/**
 * Agents for calls to URLs a user chose (ARCHITECTURE.md, Third parties: the SSRF guard): only
 * public addresses, each connection checked when it is made, IPv6 and every spelling of an IPv4
 * address included (the URL parser turns decimal, octal and hex hosts into dotted quads first).
 */
export function guardedAgents(options: GuardOptions = {}): GuardedAgents {
  const guard = new ConnectGuard(options);
  return { 'http:': guardConnections(new http.Agent(), guard), 'https:': guardConnections(new https.Agent(), guard) };
}
