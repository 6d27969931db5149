import { api } from '../api/api-client.js';

/** The actions of POST /api/billing that answer a processor checkout `url` (a plan, a credit pack): the browser goes to pay there. */
export async function openCheckout(body: Record<string, string>): Promise<void> {
  const { url } = await api<{ url: string }>('POST', '/api/billing', body);
  window.location.assign(url);
}
